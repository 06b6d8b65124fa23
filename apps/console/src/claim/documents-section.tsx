import { useState } from "react";
import { API } from "../api.ts";
import { fileSize } from "../format.ts";
import { TEXTS } from "../texts.ts";
import type { ClaimView } from "./claim-view.ts";
import { DocumentViewer } from "./document-viewer.tsx";

const T = TEXTS.claim;

export function DocumentsSection({ claim }: { claim: ClaimView }) {
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const base = `${API}/claims/${encodeURIComponent(claim.webReferenceNumber)}/documents`;
  return (
    <section aria-labelledby="documents-heading" className="c-panel">
      <h2 id="documents-heading">{T.documents}</h2>
      {claim.documents.length === 0 ? (
        <p>{T.noDocuments}</p>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">{T.documentColumns.name}</th>
                <th scope="col">{T.documentColumns.slot}</th>
                <th scope="col" className="c-number">
                  {T.documentColumns.size}
                </th>
                <th scope="col">{T.documentColumns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {claim.documents.map((document) => (
                <tr key={document.id}>
                  <th scope="row">{document.name}</th>
                  <td>
                    {document.document
                      ? `${document.document.name}${document.document.beneficiaryIndex ? ` · ${T.beneficiary(document.document.beneficiaryIndex)}` : ""}`
                      : document.slot}
                  </td>
                  <td className="c-number">{fileSize(document.size)}</td>
                  <td className="c-actions">
                    <button
                      type="button"
                      className="c-button c-button--small"
                      aria-label={T.view(document.name)}
                      onClick={() => setOpen(document)}
                    >
                      {T.viewShort}
                    </button>
                    <a
                      className="c-button c-button--small c-button--quiet"
                      href={`${base}/${document.id}?download=1`}
                      aria-label={T.download(document.name)}
                      download
                    >
                      {T.downloadShort}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && (
        <DocumentViewer
          reference={claim.webReferenceNumber}
          document={open}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
