import type { ReadTrackedClaimResponse, TrackedRequirement } from "@kalinga/domain/claim-tracking";
import type { UploadSlot } from "@kalinga/domain/upload-slots";
import { useMemo, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { removeWithConfirmation, useUploadsInFlight } from "../documents/document-actions.ts";
import { DocumentSlot, UploadNotices } from "../documents/document-slot.tsx";
import { DOCUMENT_TEXTS } from "../documents/document-texts.ts";
import documentsCss from "../documents/documents.css?inline";
import { useClaimDocuments } from "../documents/use-claim-documents.ts";
import { type Confirm, ConfirmPopup } from "../ui/confirm-popup.tsx";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { useTexts } from "../ui/locale.ts";
import { adoptStyles } from "../ui/styles.ts";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { TrackedClaimScreen } from "./tracked-claim-screen.tsx";
import { openRequirements, requirementStore } from "./tracked-claims.ts";
import { useDocumentName, useTrackingTexts } from "./tracking-words.ts";

adoptStyles(documentsCss);

/** A request as a Step 4 slot: the same picker, shrinking, progress, retry, replace and remove. */
function slotOf(requirement: TrackedRequirement, label: string): UploadSlot {
  return {
    key: requirement.id,
    typeCode: "",
    tranTypeCode: "",
    typeOfId: "",
    label,
    documentCd: requirement.documentCd ?? "",
    mandatory: true,
    list: [],
  };
}

/** /abeyance-upload: a file for each open request of the tracked claim, kept until it is sent. */
export default function AbeyanceUploadScreen() {
  const T = useTrackingTexts();
  return (
    <TrackedClaimScreen id="k-abeyance-upload-title" title={T.uploadTitle}>
      {(tracked) => <RequestedDocuments tracked={tracked} />}
    </TrackedClaimScreen>
  );
}

function RequestedDocuments({ tracked }: { tracked: ReadTrackedClaimResponse }) {
  const { date } = useDates();
  const T = useTrackingTexts();
  const navigate = useNavigate();
  const requests = useMemo(() => openRequirements(tracked), [tracked]);
  const store = useMemo(() => requirementStore(tracked), [tracked]);
  const documents = useClaimDocuments(store);
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const hasCamera = useMemo(() => window.matchMedia("(pointer: coarse)").matches, []);
  const uploading = useUploadsInFlight(documents);
  const documentTexts = useTexts(DOCUMENT_TEXTS);
  const ui = useTexts(UI_TEXTS);
  const named = useDocumentName();

  if (requests.length === 0) return <Navigate to="/abeyance-details" replace />;

  const filesOf = (id: string) => documents.files.filter((file) => file.slotKey === id);
  const askToRemove = removeWithConfirmation(documents, setConfirm, documentTexts);
  const onNext = () => {
    if (uploading) return setMessage(T.stillUploading);
    if (!documents.files.some((file) => file.state === "uploaded")) {
      return setMessage(T.nothingToSend);
    }
    setMessage(null);
    navigate("/abeyance-review");
  };

  return (
    <div className="k-form">
      <p className="k-tracked__reference">{T.claimOf(tracked.claim.webReferenceNumber)}</p>
      <p className="k-intro">{T.uploadIntro}</p>
      {documents.ready ? (
        <div className="k-section k-slots">
          {requests.map((requirement) => (
            <DocumentSlot
              key={requirement.id}
              slot={slotOf(requirement, named(requirement.nameKey, requirement.description))}
              note={T.dueBy(date(requirement.dueDate))}
              files={filesOf(requirement.id)}
              error={undefined}
              hasCamera={hasCamera}
              onAdd={(chosen, replaces) => documents.add(requirement.id, chosen, { replaces })}
              onRetry={documents.retry}
              onRemove={askToRemove}
            />
          ))}
        </div>
      ) : null}
      <UploadNotices announcement={documents.announcement} message={message} />
      <div className="k-actions">
        <Link className="k-btn k-btn--outlined" to="/abeyance-details" state={{ back: true }}>
          {ui.back}
        </Link>
        <button className="k-btn k-btn--contained" type="button" onClick={onNext}>
          {T.reviewButton}
        </button>
      </div>
      {confirm ? <ConfirmPopup confirm={confirm} onClose={() => setConfirm(null)} /> : null}
    </div>
  );
}
