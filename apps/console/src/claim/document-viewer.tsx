import { useEffect, useRef, useState } from "react";
import { API } from "../api.ts";
import { TEXTS } from "../texts.ts";

const T = TEXTS.claim;

/**
 * Draws a stored PDF's pages on canvases with pdf.js, loaded only when a document is opened. The
 * file is parsed as data in pdf.js's worker: no PDF script, form action or link runs in the
 * console's origin, and the server sends the file itself sandboxed.
 */
export function DocumentViewer(props: {
  reference: string;
  document: { id: string; name: string };
  onClose(): void;
}) {
  const pages = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    heading.current?.focus();
    let cancelled = false;
    const container = pages.current;
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import("pdfjs-dist"),
        import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const response = await fetch(
        `${API}/claims/${encodeURIComponent(props.reference)}/documents/${props.document.id}`,
        { credentials: "same-origin" },
      );
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const loading = pdfjs.getDocument({
        data: new Uint8Array(await response.arrayBuffer()),
        enableXfa: false,
      });
      const pdf = await loading.promise;
      if (cancelled || !container) return;
      setCount(pdf.numPages);
      container.replaceChildren();
      for (let n = 1; n <= pdf.numPages && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = "c-page";
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `${props.document.name}, ${T.pageOf(n, pdf.numPages)}`);
        container.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      await loading.destroy();
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
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
        <div ref={pages} className="c-viewer__pages" />
      )}
    </section>
  );
}
