import { Link, useParams } from "react-router";
import {
  AssignmentSection,
  NotesSection,
  PolicyMatchSection,
  StatusSection,
  Timeline,
} from "../claim/claim-actions.tsx";
import { ClaimDetails } from "../claim/claim-details.tsx";
import { DocumentsSection } from "../claim/documents-section.tsx";
import { RequirementsSection } from "../claim/requirements-section.tsx";
import { FormMessage } from "../form-message.tsx";
import { manilaDate } from "../format.ts";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.claim;

/** One claim: summary and clocks, what can be done to it, its documents, details and timeline. */
export function ClaimScreen() {
  const reference = useParams().reference ?? "";
  const { data: claim, error, reload } = useLoad("readClaim", { params: { ref: reference } });

  return (
    <>
      <p>
        <Link to="/">{T.back}</Link>
      </p>
      <h1 tabIndex={-1}>{T.title(reference)}</h1>
      <FormMessage error={error} />
      {claim && (
        <div className="c-claim">
          <div className="c-claim__main">
            <section aria-labelledby="summary-heading" className="c-panel">
              <h2 id="summary-heading">{T.summary}</h2>
              <dl className="c-fields">
                <Row name={T.status} value={claim.statusLabel} />
                <Row name={T.type} value={claim.claimType} />
                <Row name={T.company} value={claim.companyName} />
                <Row name={T.language} value={T.languageName(claim.locale)} />
                <Row name={T.submitted} value={manilaDate(claim.submittedAt)} />
                <Row name={T.assignee} value={claim.assigneeName ?? T.nobody} />
                <Row name={T.policy} value={claim.policyNumber ?? T.empty} />
                {claim.decision && (
                  <Row
                    name={T.decision}
                    value={`${T.outcomes[claim.decision.outcome] ?? claim.decision.outcome} (${claim.decision.reasonCode})`}
                  />
                )}
                {claim.decision?.reason && (
                  <Row name={T.decisionReasonShort} value={claim.decision.reason} />
                )}
              </dl>
              <h3>{T.clocks}</h3>
              <dl className="c-fields">
                <Row name={T.daysOpen} value={claim.clocks.daysOpen} />
                <Row name={T.waitingOnClaimant} value={claim.clocks.daysWaitingOnClaimant} />
                <Row name={T.waitingOnInsurer} value={claim.clocks.daysWaitingOnInsurer} />
                {claim.clocks.deathClaimDaysLeft !== null && (
                  <Row name={T.s248} value={claim.clocks.deathClaimDaysLeft} />
                )}
                <Row name={T.serviceLevel} value={claim.clocks.serviceLevelDaysLeft} />
              </dl>
            </section>
            <DocumentsSection claim={claim} />
            <RequirementsSection claim={claim} onChange={reload} />
            <ClaimDetails claim={claim} />
          </div>
          <div className="c-claim__side">
            <StatusSection claim={claim} onChange={reload} />
            <AssignmentSection claim={claim} onChange={reload} />
            <PolicyMatchSection claim={claim} onChange={reload} />
            <NotesSection claim={claim} onChange={reload} />
            <Timeline claim={claim} />
          </div>
        </div>
      )}
    </>
  );
}

function Row({ name, value }: { name: string; value: string | number }) {
  return (
    <div className="c-field">
      <dt>{name}</dt>
      <dd>{value}</dd>
    </div>
  );
}
