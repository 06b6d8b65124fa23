import { WITH_DECISION } from "@kalinga/domain/claim-lifecycle";
import {
  claimStatusLabel,
  claimTypeLabel,
  recordPolicyNumberDisplay,
} from "@kalinga/domain/claim-status";
import type { ReadTrackedClaimResponse } from "@kalinga/domain/claim-tracking";
import { Link } from "react-router";
import { DecisionOutcome } from "./decision-outcome.tsx";
import { TrackedClaimScreen } from "./tracked-claim-screen.tsx";
import { openRequirements } from "./tracked-claims.ts";
import { OTHER_STATUS_MEANING, STATUS_MEANINGS, TRACKING_TEXTS as T } from "./tracking-texts.ts";
import { displayDay } from "./your-claim-tracking-screen.tsx";

/** /status-details: one claim, where it stands, what it means and what comes next. */
export default function StatusDetailsScreen() {
  return (
    <TrackedClaimScreen
      id="k-status-title"
      title={T.detailsTitle}
      footer={
        <p className="k-aside">
          <Link to="/your-claim-tracking">{T.backToClaims}</Link>
        </p>
      }
    >
      {(tracked) => <ClaimStatus tracked={tracked} />}
    </TrackedClaimScreen>
  );
}

function ClaimStatus({ tracked }: { tracked: ReadTrackedClaimResponse }) {
  const { claim, events, documents, requirements, deathClaimDaysLeft } = tracked;
  const about = STATUS_MEANINGS[claim.status] ?? OTHER_STATUS_MEANING;
  const waiting = openRequirements(tracked).length > 0;
  const paymentToCome = claim.status === WITH_DECISION;
  return (
    <>
      <div className="k-tracked k-tracked--summary">
        <p className="k-tracked__reference">{T.claimOf(claim.webReferenceNumber)}</p>
        <p className="k-status-now">
          <span className="k-vh">{T.statusLabel}: </span>
          <strong className="k-status-label">{claimStatusLabel(claim.status)}</strong>
        </p>
        <dl className="k-facts">
          <div>
            <dt>{T.claimTypeLabel}</dt>
            <dd>{claimTypeLabel(claim.claimInfo.type, claim.claimInfo.subType)}</dd>
          </div>
          <div>
            <dt>{T.policyNumberLabel}</dt>
            <dd>{recordPolicyNumberDisplay(claim)}</dd>
          </div>
          <div>
            <dt>{T.filedLabel}</dt>
            <dd>{displayDay(claim.submittedAt)}</dd>
          </div>
        </dl>
      </div>

      {tracked.decision ? (
        <DecisionOutcome
          decision={tracked.decision}
          claimType={claim.claimInfo.type}
          paymentToCome={paymentToCome}
        />
      ) : null}

      <section className="k-tracking-section" aria-labelledby="k-meaning-title">
        <h3 id="k-meaning-title" className="k-section-title">
          {T.meaningTitle}
        </h3>
        <p>{about.meaning}</p>
        {/* Once decided, the decision above says what happens next. */}
        {paymentToCome && tracked.decision ? null : (
          <>
            <h3 className="k-section-title">{T.nextTitle}</h3>
            <p>{about.next}</p>
          </>
        )}
        {deathClaimDaysLeft !== null ? (
          <p className="k-tracking-note">{T.deathClaimDays(deathClaimDaysLeft)}</p>
        ) : null}
      </section>

      {waiting ? (
        <div className="k-actions">
          <Link className="k-btn k-btn--contained" to="/abeyance-upload">
            {T.sendDocuments}
          </Link>
        </div>
      ) : null}
      {requirements.length > 0 ? (
        <p className="k-aside">
          <Link to="/abeyance-details">{T.seeRequests}</Link>
        </p>
      ) : null}

      <section className="k-tracking-section" aria-labelledby="k-timeline-title">
        <h3 id="k-timeline-title" className="k-section-title">
          {T.timelineTitle}
        </h3>
        <ol className="k-timeline">
          {events.map((event) => (
            <li key={`${event.status}-${event.at}`}>
              <time dateTime={event.at}>{displayDay(event.at)}</time>{" "}
              <span>{claimStatusLabel(event.status)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="k-tracking-section" aria-labelledby="k-sent-title">
        <h3 id="k-sent-title" className="k-section-title">
          {T.documentsTitle}
        </h3>
        {documents.length === 0 ? (
          <p>{T.noDocuments}</p>
        ) : (
          <ul className="k-sent-files">
            {documents.map((document, index) => (
              // Names repeat (two pages of one form): the position keeps each row apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>
                <span className="k-sent-files__name">{document.name}</span>{" "}
                <span className="k-sent-files__size">{document.sizeText}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
