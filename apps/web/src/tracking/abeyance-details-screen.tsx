import type { TrackedRequirement } from "@kalinga/domain/claim-tracking";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { AsideLink } from "../ui/screen-links.tsx";
import { TrackedClaimScreen } from "./tracked-claim-screen.tsx";
import { openRequirements } from "./tracked-claims.ts";
import { useDocumentName, useTrackingTexts } from "./tracking-words.ts";

/** /abeyance-details: what the insurer asked for, each request with its due date and state. */
export default function AbeyanceDetailsScreen() {
  const T = useTrackingTexts();
  return (
    <TrackedClaimScreen
      id="k-abeyance-title"
      title={T.abeyanceTitle}
      footer={<AsideLink to="/status-details">{T.backToStatus}</AsideLink>}
    >
      {(tracked) => (
        <>
          <p className="k-tracked__reference">{T.claimOf(tracked.claim.webReferenceNumber)}</p>
          {/* Everything answered: the past requests stay listed, but nothing is asked any more. */}
          <p>{openRequirements(tracked).length > 0 ? T.abeyanceIntro : T.nothingAsked}</p>
          {tracked.requirements.length > 0 ? (
            <ul className="k-tracked-list" aria-label={T.requestsLabel}>
              {tracked.requirements.map((requirement) => (
                <RequirementItem key={requirement.id} requirement={requirement} />
              ))}
            </ul>
          ) : null}
          {openRequirements(tracked).length > 0 ? (
            <div className="k-actions">
              <Link className="k-btn k-btn--contained" to="/abeyance-upload">
                {T.addDocuments}
              </Link>
            </div>
          ) : null}
        </>
      )}
    </TrackedClaimScreen>
  );
}

function RequirementItem({ requirement }: { requirement: TrackedRequirement }) {
  const { date } = useDates();
  const T = useTrackingTexts();
  const named = useDocumentName();
  const open = requirement.state === "open";
  const files = requirement.documents.length;
  return (
    <li className="k-tracked k-card" data-state={requirement.state}>
      <h3 className="k-requirement__title">
        {named(requirement.nameKey, requirement.description)}
      </h3>
      <p className="k-tracked__facts">
        <strong className="k-requirement__state">
          {requirement.replaces && open ? T.askedAgain : T.requirementState[requirement.state]}
        </strong>
        {/* Only a request still waiting for a file has a date the claimant must keep. */}
        {open ? <span>{T.dueBy(date(requirement.dueDate))}</span> : null}
        {files > 0 ? <span>{open ? T.filesWaiting(files) : T.filesSent(files)}</span> : null}
      </p>
      {requirement.state === "rejected" && requirement.rejectionReason ? (
        <p className="k-requirement__reason">{T.notAcceptedBecause(requirement.rejectionReason)}</p>
      ) : null}
    </li>
  );
}
