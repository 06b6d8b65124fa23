import { useRef, useState } from "react";
import { consoleUrl } from "../api.ts";
import { fileSize } from "../format.ts";
import { TEXTS } from "../texts.ts";
import type { ClaimFile } from "./claim-view.ts";
import { DocumentViewer } from "./document-viewer.tsx";

const T = TEXTS.claim;

/**
 * Files of one thing (a request, a beneficiary, the claim), each viewable in place: the viewer
 * opens right under the list, and closing it gives the focus back to the View button it came from.
 */
export function DocumentFiles(props: { reference: string; files: ClaimFile[]; label: string }) {
  const [open, setOpen] = useState<ClaimFile | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const close = () => {
    const back = open ? buttons.current.get(open.id) : undefined;
    setOpen(null);
    back?.focus();
  };
  return (
    <>
      <ul className="c-files" aria-label={props.label}>
        {props.files.map((file) => (
          <li key={file.id}>
            <span className="c-files__name">{file.displayName}</span>
            <span className="c-hint">{fileSize(file.size)}</span>
            <span className="c-actions">
              <button
                type="button"
                className="c-button c-button--small"
                aria-label={T.view(file.displayName)}
                aria-expanded={open?.id === file.id}
                ref={(element) => {
                  if (element) buttons.current.set(file.id, element);
                  else buttons.current.delete(file.id);
                }}
                onClick={() => setOpen(file)}
              >
                {T.viewShort}
              </button>
              <a
                className="c-button c-button--small c-button--quiet"
                href={consoleUrl("readDocument", {
                  params: { ref: props.reference, id: file.id },
                  query: { download: "1" },
                })}
                aria-label={T.download(file.displayName)}
                download
              >
                {T.downloadShort}
              </a>
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <DocumentViewer
          reference={props.reference}
          document={{ id: open.id, name: open.displayName }}
          onClose={close}
        />
      )}
    </>
  );
}
