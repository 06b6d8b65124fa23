import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { consoleUrl } from "../api.ts";
import { TEXTS } from "../texts.ts";

const T = TEXTS.claim;

/** Pages are drawn at this zoom, then scaled down to the viewer's width by CSS. */
const SCALE = 1.5;

/** Pages within one viewer height above or below the visible part are drawn; the rest are not. */
const NEAR = "100% 0px";

type Drawn = { canvas: HTMLCanvasElement; task?: RenderTask };

/** Draws one page into its box, unless it is drawn or being drawn already. */
async function drawPage(
  pdf: PDFDocumentProxy,
  box: HTMLElement,
  drawn: Map<HTMLElement, Drawn>,
  name: string,
) {
  if (drawn.has(box)) return;
  const number = Number(box.dataset.page);
  const canvas = document.createElement("canvas");
  const entry: Drawn = { canvas };
  drawn.set(box, entry);
  const page = await pdf.getPage(number);
  // Scrolled away while the page was read.
  if (drawn.get(box) !== entry) return;
  const viewport = page.getViewport({ scale: SCALE });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", `${name}, ${T.pageOf(number, pdf.numPages)}`);
  box.style.width = `${canvas.width}px`;
  box.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
  box.append(canvas);
  entry.task = page.render({ canvas, viewport });
  await entry.task.promise;
}

/** A page far from view gives its canvas back; it is drawn again when it comes near. */
function forgetPage(box: HTMLElement, drawn: Map<HTMLElement, Drawn>) {
  const entry = drawn.get(box);
  if (!entry) return;
  drawn.delete(box);
  entry.task?.cancel();
  entry.canvas.remove();
}

/**
 * Draws a stored PDF's pages on canvases with pdf.js, loaded only when a document is opened. The
 * file is parsed as data in pdf.js's worker: no PDF script, form action or link runs in the
 * console's origin, and the server sends the file itself sandboxed. Only the pages near the
 * visible part of the viewer are drawn (an IntersectionObserver on a box per page), and a page
 * scrolled far away gives its canvas back, so a long file costs what a few pages cost.
 */
export function DocumentViewer(props: {
  reference: string;
  document: { id: string; name: string };
  onClose(): void;
}) {
  const pages = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    heading.current?.focus();
    let cancelled = false;
    let observer: IntersectionObserver | undefined;
    let destroy: (() => Promise<void>) | undefined;
    const container = pages.current;
    const fail = (error: unknown) => {
      if (cancelled || (error instanceof Error && error.name === "RenderingCancelledException")) {
        return;
      }
      setFailed(true);
    };
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import("pdfjs-dist"),
        import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const response = await fetch(
        consoleUrl("readDocument", {
          params: { ref: props.reference, id: props.document.id },
          query: {},
        }),
        { credentials: "same-origin" },
      );
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const loading = pdfjs.getDocument({
        data: new Uint8Array(await response.arrayBuffer()),
        enableXfa: false,
      });
      destroy = () => loading.destroy();
      const pdf = await loading.promise;
      if (cancelled || !container) return;
      setCount(pdf.numPages);
      // Every page box takes the first page's shape until its own page is drawn.
      const first = (await pdf.getPage(1)).getViewport({ scale: SCALE });
      if (cancelled) return;
      const drawn = new Map<HTMLElement, Drawn>();
      const boxes = Array.from({ length: pdf.numPages }, (_, index) => {
        const box = document.createElement("div");
        box.className = "c-page";
        box.dataset.page = String(index + 1);
        box.style.width = `${Math.floor(first.width)}px`;
        box.style.aspectRatio = `${first.width} / ${first.height}`;
        return box;
      });
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const box = entry.target as HTMLElement;
            if (entry.isIntersecting) drawPage(pdf, box, drawn, props.document.name).catch(fail);
            else forgetPage(box, drawn);
          }
        },
        { root: container, rootMargin: NEAR },
      );
      container.replaceChildren(...boxes);
      for (const box of boxes) observer.observe(box);
    })().catch(fail);
    return () => {
      cancelled = true;
      observer?.disconnect();
      void destroy?.();
    };
  }, [props.reference, props.document.id, props.document.name]);

  return (
    <section className="c-viewer" aria-labelledby="viewer-heading">
      <div className="c-viewer__bar">
        <h3 id="viewer-heading" ref={heading} tabIndex={-1}>
          {T.viewerTitle(props.document.name)}
        </h3>
        {count !== null && <p>{T.pages(count)}</p>}
        <button type="button" className="c-button c-button--quiet" onClick={props.onClose}>
          {T.closeViewer}
        </button>
      </div>
      {failed ? (
        <p className="c-error">{T.cannotDraw}</p>
      ) : (
        <section
          ref={pages}
          className="c-viewer__pages"
          aria-label={T.viewerPages(props.document.name)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box is reached with Tab so the keyboard can scroll it.
          tabIndex={0}
        />
      )}
    </section>
  );
}
