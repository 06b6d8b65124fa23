import { WITH_DECISION } from "@kalinga/domain/claim-lifecycle";
import type { ReadTrackedClaimResponse, SentDocument } from "@kalinga/domain/claim-tracking";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { ActionLink, AsideLink } from "../ui/screen-links.tsx";
import { DecisionOutcome } from "./decision-outcome.tsx";
import { TrackedClaimScreen } from "./tracked-claim-screen.tsx";
import { openRequirements } from "./tracked-claims.ts";
import { useDocumentName, useTrackingTexts } from "./tracking-words.ts";
import { ClaimTypeAndPolicy } from "./your-claim-tracking-screen.tsx";

/** /status-details: one claim, where it stands, what it means and what comes next. */
export default function StatusDetailsScreen() {
  const T = useTrackingTexts();
  return (
    <TrackedClaimScreen
      id="k-status-title"
      title={T.detailsTitle}
      footer={<AsideLink to="/your-claim-tracking">{T.backToClaims}</AsideLink>}
    >
      {(tracked) => <ClaimStatus tracked={tracked} />}
    </TrackedClaimScreen>
  );
}

function ClaimStatus({ tracked }: { tracked: ReadTrackedClaimResponse }) {
  const T = useTrackingTexts();
  const { day } = useDates();
  const { claim, events, documents } = tracked;
  const about = T.statusMeaning(claim.status);
  const open = openRequirements(tracked);
  const paymentToCome = claim.status === WITH_DECISION;
  return (
    <>
      <div className="k-tracked k-card k-tracked--summary">
        <p className="k-tracked__reference">{T.claimOf(claim.webReferenceNumber)}</p>
        <p className="k-status-now">
          <span className="k-vh">{T.statusLabel}: </span>
          <strong className="k-status-label">{T.statusName(claim.status)}</strong>
        </p>
        <dl className="k-facts">
          <ClaimTypeAndPolicy claim={claim} />
          <div>
            <dt>{T.filedLabel}</dt>
            <dd>{day(claim.submittedAt)}</dd>
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
      </section>

      <DatesToKnow tracked={tracked} />

      {open.length > 0 ? (
        <>
          <ActionLink to="/abeyance-upload">{T.sendDocuments}</ActionLink>
          <AsideLink to="/abeyance-details">{T.seeRequests}</AsideLink>
        </>
      ) : null}

      <section className="k-tracking-section" aria-labelledby="k-timeline-title">
        <h3 id="k-timeline-title" className="k-section-title">
          {T.timelineTitle}
        </h3>
        <ol className="k-timeline">
          {events.map((event) => (
            <li key={`${event.status}-${event.at}`}>
              <time dateTime={event.at}>{day(event.at)}</time>{" "}
              <span>{T.statusName(event.status)}</span>
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
          <ul className="k-tracked-list">
            {documents.map((document) => (
              <SentDocumentItem
                key={
                  document.requirementId ?? `${document.title}-${document.beneficiary?.position}`
                }
                document={document}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** When the insurer expects to decide, paused while documents are owed, and each open item's date. */
function DatesToKnow({ tracked }: { tracked: ReadTrackedClaimResponse }) {
  const T = useTrackingTexts();
  const { date } = useDates();
  const named = useDocumentName();
  const { expectedDecision: expected } = tracked;
  const open = openRequirements(tracked);
  if (!expected && open.length === 0) return null;
  return (
    <section className="k-tracking-section" aria-labelledby="k-dates-title">
      <h3 id="k-dates-title" className="k-section-title">
        {T.datesTitle}
      </h3>
      {expected ? (
        <div className="k-tracking-note k-decision-date">
          {expected.paused ? (
            <p>{T.decisionPaused(expected.daysLeft)}</p>
          ) : expected.by && expected.daysLeft >= 0 ? (
            <p>
              <strong>{T.decisionBy(date(expected.by))}</strong>
            </p>
          ) : (
            <p>{T.decisionLate(date(expected.by ?? ""))}</p>
          )}
          <p>{T.decisionRule(expected.basis, expected.limitDays)}</p>
        </div>
      ) : null}
      {open.length > 0 ? (
        <ul className="k-due-dates">
          {open.map((requirement) => (
            <li key={requirement.id}>
              {T.itemDue(
                named(requirement.nameKey, requirement.description),
                date(requirement.dueDate),
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** One document sent, under what it is, with the insurer's state and, if not accepted, what to do. */
function SentDocumentItem({ document }: { document: SentDocument }) {
  const T = useTrackingTexts();
  const { date, day } = useDates();
  const title = useDocumentName()(document.nameKey, document.title);
  return (
    <li className="k-tracked k-card k-sent-document" data-state={document.state}>
      <h4 className="k-requirement__title">{title}</h4>
      {document.beneficiary ? (
        <p className="k-sent-document__whose">
          {T.forBeneficiary(document.beneficiary.position, document.beneficiary.name)}
        </p>
      ) : null}
      <p className="k-tracked__facts">
        <strong className="k-requirement__state">{T.documentState[document.state]}</strong>
        <span>{T.receivedOn(day(document.receivedAt))}</span>
      </p>
      {document.files.length > 0 ? (
        <ul className="k-sent-files" aria-label={T.filesOf(title)}>
          {document.files.map((file, index) => (
            // Names repeat (two pages of one form): the position keeps each row apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <li key={index}>
              <span className="k-sent-files__name">{file.name}</span>{" "}
              <span className="k-sent-files__size">{file.sizeText}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {document.rejectionReason ? (
        <p className="k-requirement__reason">{T.notAcceptedBecause(document.rejectionReason)}</p>
      ) : null}
      {document.replacement ? (
        <p>
          <Link to="/abeyance-upload">{T.sendReplacement(date(document.replacement.dueDate))}</Link>
        </p>
      ) : null}
    </li>
  );
}
