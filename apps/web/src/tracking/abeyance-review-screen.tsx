import { claimStatusLabel } from "@kalinga/domain/claim-status";
import type { ReadTrackedClaimResponse } from "@kalinga/domain/claim-tracking";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { systemError } from "../api/system-error.ts";
import { session } from "../session/session-store.ts";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { TrackingRefusal } from "./tracked-claim-screen.tsx";
import {
  CHECK_ROUTE,
  callTracking,
  checkHasEnded,
  openRequirements,
  useTrackedClaim,
} from "./tracked-claims.ts";
import { TRACKING_TEXTS as T } from "./tracking-texts.ts";

/** /abeyance-review: what goes to the claims team, then Send, then the claim's new status. */
export default function AbeyanceReviewScreen() {
  const reference = session.get("trackedClaim");
  const { loaded } = useTrackedClaim(reference);
  const [sent, setSent] = useState<{ count: number; status: string } | null>(null);
  if (!reference) return <Navigate to="/your-claim-tracking" replace />;

  return (
    <section className="k-screen" aria-labelledby="k-abeyance-review-title">
      {sent ? (
        <DocumentsSent {...sent} />
      ) : (
        <>
          <h2 id="k-abeyance-review-title" className="k-screen-title">
            {T.reviewTitle}
          </h2>
          {loaded.state === "ready" ? <ToSend tracked={loaded.data} onSent={setSent} /> : null}
          {loaded.state === "refused" ? <TrackingRefusal message={loaded.message} /> : null}
        </>
      )}
    </section>
  );
}

function ToSend({
  tracked,
  onSent,
}: {
  tracked: ReadTrackedClaimResponse;
  onSent: (sent: { count: number; status: string }) => void;
}) {
  const navigate = useNavigate();
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
    } else if (checkHasEnded(response)) {
      session.remove("trackingCheck");
      navigate(CHECK_ROUTE, { replace: true });
    } else if (response.status === 417 && typeof response.data?.message === "string") {
      // Nothing left to send, a request answered meanwhile, or past its due date: the server's words.
      setRefusal(response.data.message);
    } else {
      systemError.show();
    }
  };

  return (
    <div className="k-form">
      <p className="k-tracked__reference">{T.claimOf(tracked.claim.webReferenceNumber)}</p>
      <p>{T.reviewIntro}</p>
      <ul className="k-tracked-list" aria-label={T.requestsLabel}>
        {requests.map((requirement) => (
          <li key={requirement.id} className="k-tracked">
            <h3 className="k-requirement__title">{requirement.description}</h3>
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
          {UI_TEXTS.back}
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h2 id="k-abeyance-review-title" className="k-screen-title" tabIndex={-1} ref={heading}>
        {T.sentTitle}
      </h2>
      <p role="status">{T.sentText(count, claimStatusLabel(status))}</p>
      <div className="k-actions">
        <Link className="k-btn k-btn--contained" to="/status-details">
          {T.viewStatus}
        </Link>
      </div>
    </>
  );
}
