import type { ReadTrackedClaimResponse } from "@kalinga/domain/claim-tracking";
import { useEffect, useRef, useState } from "react";
import { Navigate } from "react-router";
import { Link } from "../ui/link.tsx";
import { useTexts } from "../ui/locale.ts";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { TrackedClaimScreen } from "./tracked-claim-screen.tsx";
import {
  answerTrackingFailure,
  callTracking,
  openRequirements,
  useEndCheck,
} from "./tracked-claims.ts";
import { useDocumentName, useTrackingTexts } from "./tracking-words.ts";

/** /abeyance-review: what goes to the claims team, then Send, then the claim's new status. */
export default function AbeyanceReviewScreen() {
  const T = useTrackingTexts();
  const [sent, setSent] = useState<{ count: number; status: string } | null>(null);
  if (sent) {
    return (
      <section className="k-screen" aria-labelledby="k-abeyance-review-title">
        <DocumentsSent {...sent} />
      </section>
    );
  }
  return (
    <TrackedClaimScreen id="k-abeyance-review-title" title={T.reviewTitle}>
      {(tracked) => <ToSend tracked={tracked} onSent={setSent} />}
    </TrackedClaimScreen>
  );
}

function ToSend({
  tracked,
  onSent,
}: {
  tracked: ReadTrackedClaimResponse;
  onSent: (sent: { count: number; status: string }) => void;
}) {
  const T = useTrackingTexts();
  const endCheck = useEndCheck();
  const ui = useTexts(UI_TEXTS);
  const named = useDocumentName();
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key for this send: pressing Send again after a lost answer gets the first answer back.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const requests = openRequirements(tracked);
  const answered = requests.filter((requirement) => requirement.documents.length > 0);
  if (answered.length === 0) return <Navigate to="/abeyance-upload" replace />;

  const send = async () => {
    const response = await callTracking(
      "sendRequirementDocuments",
      { webReferenceNumber: tracked.claim.webReferenceNumber },
      idempotencyKey,
    );
    if (response.ok) {
      const count = answered.reduce((sum, requirement) => sum + requirement.documents.length, 0);
      onSent({ count, status: response.data.status });
    } else {
      // Nothing left to send, a request answered meanwhile, or past its due date: the server's words.
      answerTrackingFailure(response, endCheck, setRefusal);
    }
  };

  return (
    <div className="k-form">
      <p className="k-tracked__reference">{T.claimOf(tracked.claim.webReferenceNumber)}</p>
      <p>{T.reviewIntro}</p>
      <ul className="k-tracked-list" aria-label={T.requestsLabel}>
        {requests.map((requirement) => (
          <li key={requirement.id} className="k-tracked k-card">
            <h3 className="k-requirement__title">
              {named(requirement.nameKey, requirement.description)}
            </h3>
            {requirement.documents.length > 0 ? (
              <ul className="k-sent-files">
                {requirement.documents.map((document) => (
                  <li key={document.id}>
                    <span className="k-sent-files__name">{document.name}</span>{" "}
                    <span className="k-sent-files__size">{document.sizeText}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="k-hint">{T.notAnswered}</p>
            )}
          </li>
        ))}
      </ul>
      {refusal ? (
        <p className="k-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="k-actions">
        <Link className="k-btn k-btn--outlined" to="/abeyance-upload" state={{ back: true }}>
          {ui.back}
        </Link>
        <button className="k-btn k-btn--contained" type="button" onClick={() => void send()}>
          {T.send}
        </button>
      </div>
    </div>
  );
}

/** The confirmation, in place of the review: its heading takes the focus, as a new screen's does. */
function DocumentsSent({ count, status }: { count: number; status: string }) {
  const T = useTrackingTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h2 id="k-abeyance-review-title" className="k-screen-title" tabIndex={-1} ref={heading}>
        {T.sentTitle}
      </h2>
      <p role="status">{T.sentText(count, T.statusName(status))}</p>
      <div className="k-actions">
        <Link className="k-btn k-btn--contained" to="/status-details">
          {T.viewStatus}
        </Link>
      </div>
    </>
  );
}
