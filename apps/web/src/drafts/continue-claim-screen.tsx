import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { emptyClaimDetails } from "@kalinga/domain/claim-details";
import type { OpenDraft, ResumeClaimDraftResponse } from "@kalinga/domain/claim-draft";
import { formatDisplayDate, todayInManila } from "@kalinga/domain/dates";
import { emptyPayout } from "@kalinga/domain/payout";
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { saveClaimData } from "../claim/claim-data-store.ts";
import { session } from "../session/session-store.ts";
import { adoptStyles } from "../ui/styles.ts";
import { DRAFT_TEXTS as T } from "./draft-texts.ts";
import draftsCss from "./drafts.css?inline";

adoptStyles(draftsCss);

// After the OTP, the open drafts of the verified number: continue one (everything restored, the
// step reached) or start a new claim (decision 0044).

/** Puts a resumed draft into the tab: its reference, token, Step 1 and answers. */
function restore(resumed: ResumeClaimDraftResponse) {
  const { webReferenceNumber, token, draft } = resumed;
  // The number just verified is the draft's (the server checked): it stays this tab's pass.
  const verified = session.get("otpVerify") ?? { otpMobileNumber: draft.step1.phoneNumber };
  session.endClaim();
  session.set("webReferenceNumber", webReferenceNumber);
  session.set("token", token);
  session.set("step1", draft.step1);
  session.set("otpVerify", verified);
  session.set("isOtpAvailable", { webReferenceNumber, pass: true });
  saveClaimData(webReferenceNumber, {
    details: { ...emptyClaimDetails, ...draft.details },
    payout: { ...emptyPayout, ...draft.payout },
    beneficiaries: draft.beneficiaries,
  });
}

export default function ContinueClaimScreen() {
  const navigate = useNavigate();
  const [drafts] = useState<OpenDraft[]>(() => session.get("draftOffer") ?? []);
  const [error, setError] = useState<string>();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => titleRef.current?.focus(), []);

  if (drafts.length === 0) return <Navigate to="/claims-details" replace />;

  const continueDraft = async (draftReferenceNumber: string) => {
    const response = await callClaimApi("resumeClaimDraft", { draftReferenceNumber });
    if (response.ok) {
      restore(response.data);
      await session.flushed();
      navigate(response.data.draft.step);
    } else if (response.returnCode === RETURN_CODES.draftNotFound) {
      setError(T.notAvailable);
    } else {
      systemError.show();
    }
  };

  const startNew = () => {
    session.remove("draftOffer");
    navigate("/claims-details");
  };

  return (
    <section className="k-screen" aria-labelledby="k-continue-title">
      <h2 id="k-continue-title" className="k-screen-title" tabIndex={-1} ref={titleRef}>
        {T.title}
      </h2>
      <p>{T.intro}</p>
      {error ? (
        <p className="k-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="k-draft-list" aria-label={T.listLabel}>
        {drafts.map((draft) => (
          <li key={draft.webReferenceNumber} className="k-draft">
            <p className="k-draft-facts">
              <strong>{T.claimType[draft.claimType]}</strong>
              <span>{T.started(formatDisplayDate(todayInManila(new Date(draft.startedAt))))}</span>
              <span>{T.documents(draft.documentCount)}</span>
            </p>
            <button
              className="k-btn k-btn--contained"
              type="button"
              onClick={() => void continueDraft(draft.webReferenceNumber)}
            >
              {T.continueButton}{" "}
              <span className="k-draft-reference">{draft.webReferenceNumber}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="k-actions">
        <button className="k-btn k-btn--outlined" type="button" onClick={startNew}>
          {T.startNew}
        </button>
      </div>
    </section>
  );
}
