import type { TrackedRequirement } from "@kalinga/domain/claim-tracking";
import { formatDisplayDate } from "@kalinga/domain/dates";
import { Link, Navigate } from "react-router";
import { session } from "../session/session-store.ts";
import { openRequirements, useTrackedClaim } from "./tracked-claims.ts";
import { TRACKING_TEXTS as T } from "./tracking-texts.ts";

/** /abeyance-details: what the insurer asked for, each request with its due date and state. */
export default function AbeyanceDetailsScreen() {
  const reference = session.get("trackedClaim");
  const { loaded } = useTrackedClaim(reference);
  if (!reference) return <Navigate to="/your-claim-tracking" replace />;

  return (
    <section className="k-screen" aria-labelledby="k-abeyance-title">
      <h2 id="k-abeyance-title" className="k-screen-title">
        {T.abeyanceTitle}
      </h2>
      {loaded.state === "ready" ? (
        <>
          <p className="k-tracked__reference">{T.claimOf(reference)}</p>
          {loaded.data.requirements.length === 0 ? (
            <p>{T.nothingAsked}</p>
          ) : (
            <>
              <p>{T.abeyanceIntro}</p>
              <ul className="k-tracked-list" aria-label={T.requestsLabel}>
                {loaded.data.requirements.map((requirement) => (
                  <RequirementItem key={requirement.id} requirement={requirement} />
                ))}
              </ul>
            </>
          )}
          {openRequirements(loaded.data).length > 0 ? (
            <div className="k-actions">
              <Link className="k-btn k-btn--contained" to="/abeyance-upload">
                {T.addDocuments}
              </Link>
            </div>
          ) : null}
        </>
      ) : null}
      {loaded.state === "refused" ? (
        <p className="k-error" role="alert">
          {loaded.message}
        </p>
      ) : null}
      <p className="k-aside">
        <Link to="/status-details">{T.backToStatus}</Link>
      </p>
    </section>
  );
}

function RequirementItem({ requirement }: { requirement: TrackedRequirement }) {
  const sent = requirement.state !== "open";
  const files = requirement.documents.length;
  return (
    <li className="k-tracked" data-state={requirement.state}>
      <h3 className="k-requirement__title">{requirement.description}</h3>
      <p className="k-tracked__facts">
        <strong className="k-requirement__state">
          {requirement.replaces && requirement.state === "open"
            ? T.askedAgain
            : T.requirementState[requirement.state]}
        </strong>
        <span>{T.dueBy(formatDisplayDate(requirement.dueDate))}</span>
        {files > 0 ? <span>{sent ? T.filesSent(files) : T.filesWaiting(files)}</span> : null}
      </p>
      {requirement.rejectionReason ? (
        <p className="k-requirement__reason">{T.reasonOf(requirement.rejectionReason)}</p>
      ) : null}
    </li>
  );
}
