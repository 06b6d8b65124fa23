import { TEXTS } from "../texts.ts";
import type { ClaimView } from "./claim-view.ts";
import { DocumentFiles } from "./document-files.tsx";

const T = TEXTS.claim;

/** The documents filed with the claim itself; each beneficiary's are with their details. */
export function DocumentsSection({ claim }: { claim: ClaimView }) {
  const own = claim.documents.filter((document) => document.beneficiary === null);
  const ofBeneficiaries = claim.documents.length - own.length;
  return (
    <section aria-labelledby="documents-heading" className="c-panel">
      <h2 id="documents-heading">{T.documents}</h2>
      {own.length === 0 ? (
        <p>{T.noDocuments}</p>
      ) : (
        <DocumentFiles reference={claim.webReferenceNumber} files={own} label={T.claimDocuments} />
      )}
      {ofBeneficiaries > 0 && <p className="c-hint">{T.beneficiaryDocumentsHint}</p>}
    </section>
  );
}
