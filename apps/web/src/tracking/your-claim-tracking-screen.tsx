import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import type { OpenDraft } from "@kalinga/domain/claim-responses";
import type { TrackedClaimRecord } from "@kalinga/domain/claim-tracking";
import { useState } from "react";
import { useNavigate } from "react-router";
import { systemError } from "../api/system-error.ts";
import { saved } from "../session/claim-answers.ts";
import * as trackingSession from "../session/tracking-session.ts";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { TrackingRefusal } from "./tracked-claim-screen.tsx";
import { callTracking, useTrackingCall } from "./tracked-claims.ts";
import { useTrackingTexts } from "./tracking-words.ts";

/** /your-claim-tracking: the claims filed with the verified number, newest first, and its drafts. */
export default function YourClaimTrackingScreen() {
  const T = useTrackingTexts();
  const { loaded } = useTrackingCall("listTrackedClaims", {});
  const lastDigits = trackingSession.trackingCheck()?.mobileNumber.slice(-4) ?? "";
  // On the member portal and agent assist the portal's sign-in stands for the number: no number is
  // named and none other can be checked; the signed-in user may start a claim instead.
  const { channel } = useWidgetSetting();
  const agent = channel === "agent-assist";
  const portal = channel !== "corporate-website";

  return (
    <TitledScreen id="k-your-claims-title" title={T.listTitle}>
      <p>{agent ? T.agentListIntro : lastDigits ? T.listIntro(lastDigits) : T.portalListIntro}</p>
      {loaded.state === "ready" ? (
        <>
          {loaded.data.claims.length === 0 ? (
            <p className="k-tracking-note">
              {agent ? T.agentNoClaims : portal ? T.portalNoClaims : T.noClaims}
            </p>
          ) : (
            <ul className="k-tracked-list" aria-label={T.claimsLabel}>
              {loaded.data.claims.map((claim) => (
                <TrackedClaimCard key={claim.webReferenceNumber} claim={claim} />
              ))}
            </ul>
          )}
          {loaded.data.drafts.length > 0 ? <Drafts drafts={loaded.data.drafts} /> : null}
        </>
      ) : loaded.state === "refused" ? (
        <TrackingRefusal message={loaded.message} />
      ) : null}
      <p className="k-aside">
        {portal ? (
          <Link to="/cfm">{T.fileClaim}</Link>
        ) : (
          <Link to="/claims-tracking">{T.checkAnother}</Link>
        )}
      </p>
    </TitledScreen>
  );
}

/** The facts that tell one of the number's claims from another: its type and its policy. */
export function ClaimTypeAndPolicy({ claim }: { claim: TrackedClaimRecord }) {
  const T = useTrackingTexts();
  return (
    <>
      <div>
        <dt>{T.claimTypeLabel}</dt>
        <dd>{T.typeName(claim.claimInfo.type, claim.claimInfo.subType)}</dd>
      </div>
      <div>
        <dt>{T.policyNumberLabel}</dt>
        <dd>{T.policyNumber(claim)}</dd>
      </div>
    </>
  );
}

function TrackedClaimCard({ claim }: { claim: TrackedClaimRecord }) {
  const T = useTrackingTexts();
  const { day } = useDates();
  const navigate = useNavigate();
  return (
    <li className="k-tracked k-card">
      <h3 className="k-tracked__reference">{claim.webReferenceNumber}</h3>
      <dl className="k-facts">
        <ClaimTypeAndPolicy claim={claim} />
        <div>
          <dt>{T.statusLabel}</dt>
          <dd>
            <strong className="k-status-label">{T.statusName(claim.status)}</strong>
          </dd>
        </div>
        <div>
          <dt>{T.filedLabel}</dt>
          <dd>{day(claim.submittedAt)}</dd>
        </div>
      </dl>
      <button
        className="k-btn k-btn--outlined"
        type="button"
        onClick={() => {
          trackingSession.trackClaim(claim.webReferenceNumber);
          navigate("/status-details");
        }}
      >
        {T.viewClaim}
        <span className="k-vh"> {claim.webReferenceNumber}</span>
      </button>
    </li>
  );
}

/** Drafts of the number: continuing one makes it this tab's claim, at the step it reached. */
function Drafts({ drafts }: { drafts: OpenDraft[] }) {
  const T = useTrackingTexts();
  const { day } = useDates();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  const continueDraft = async (draftReferenceNumber: string) => {
    const verifiedNumber = trackingSession.trackingCheck()?.mobileNumber;
    const response = await callTracking("resumeClaimDraft", { draftReferenceNumber });
    if (response.ok) {
      // Loaded only now: the claim data store is the filing steps' code, not tracking's.
      const { restoreDraft } = await import("../drafts/restore-draft.ts");
      // The check's token ends with the resume: the claim being filed takes over the tab.
      trackingSession.endCheck();
      restoreDraft(response.data, verifiedNumber);
      await saved();
      navigate(response.data.draft.step);
    } else if (response.returnCode === RETURN_CODES.draftNotFound) {
      setError(T.draftGone);
    } else {
      systemError.show();
    }
  };

  return (
    <section className="k-tracking-section" aria-labelledby="k-drafts-title">
      <h3 id="k-drafts-title" className="k-section-title">
        {T.draftsTitle}
      </h3>
      <p>{T.draftsIntro}</p>
      {error ? (
        <p className="k-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="k-tracked-list" aria-label={T.draftsTitle}>
        {drafts.map((draft) => (
          <li key={draft.webReferenceNumber} className="k-tracked k-card">
            <h4 className="k-tracked__reference">{draft.webReferenceNumber}</h4>
            <p className="k-tracked__facts">
              <span>{T.draftType[draft.claimType]}</span>
              <span>{T.draftStarted(day(draft.startedAt))}</span>
            </p>
            <button
              className="k-btn k-btn--contained"
              type="button"
              onClick={() => void continueDraft(draft.webReferenceNumber)}
            >
              {T.continueDraft}
              <span className="k-vh"> {draft.webReferenceNumber}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
