import type { ClaimantDecision } from "@kalinga/domain/claim-messages";
import { useTrackingTexts } from "./tracking-words.ts";

/**
 * The decision in plain words: the outcome; while the payment is to come, where it goes (the
 * account masked); for an outcome other than approved, the insurer's reason and what the
 * claimant can do.
 */
export function DecisionOutcome(props: {
  decision: ClaimantDecision;
  claimType: "Death" | "Living";
  /** The claim waits for its payment (WITH CLAIM DECISION); later statuses say what happened. */
  paymentToCome: boolean;
}) {
  const T = useTrackingTexts().decision;
  const { decision } = props;
  const payout = decision.payout
    ? T.payout(
        decision.payout.method,
        decision.payout.provider,
        decision.payout.account,
        decision.outcome === "partly-approved",
      )
    : props.claimType === "Death"
      ? T.deathPayout
      : T.otherPayout;
  return (
    <section className="k-tracking-section k-decision" aria-labelledby="k-decision-title">
      <h3 id="k-decision-title" className="k-section-title">
        {T.title}
      </h3>
      <p className="k-decision__outcome">
        <strong>{T.outcome[decision.outcome]}</strong>
      </p>
      {decision.reason ? (
        <>
          <h4 className="k-section-title">{T.reasonTitle}</h4>
          <p className="k-decision__reason">{decision.reason}</p>
        </>
      ) : null}
      {props.paymentToCome && decision.outcome !== "denied" ? (
        <>
          <h4 className="k-section-title">{T.nextTitle}</h4>
          <p>{`${payout} ${T.paidLater}`}</p>
        </>
      ) : null}
      {decision.outcome !== "approved" ? (
        <>
          <h4 className="k-section-title">{T.whatYouCanDoTitle}</h4>
          <ul className="k-decision__options">
            <li>{T.askReview}</li>
            <li>{T.insuranceCommission}</li>
          </ul>
        </>
      ) : null}
    </section>
  );
}
