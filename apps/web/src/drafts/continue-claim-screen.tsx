import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import type { OpenDraft } from "@kalinga/domain/claim-responses";
import { fill } from "@kalinga/domain/localized-texts";
import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { saved } from "../session/claim-answers.ts";
import * as claimSession from "../session/claim-session.ts";
import { offerDrafts } from "../session/claim-verification.ts";
import { useDates } from "../ui/dates.ts";
import { useLocale, useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { DRAFT_TEXTS } from "./draft-texts.ts";
import draftsCss from "./drafts.css?inline";
import { restoreDraft } from "./restore-draft.ts";

adoptStyles(screenTextCss);
adoptStyles(draftsCss);

// After the OTP, the open drafts of the verified number: continue one (everything restored, the
// step reached) or start a new claim (decision 0044).

/** "No documents yet", "1 document", "3 documents": the plural form is the locale's. */
function documentCount(T: typeof DRAFT_TEXTS, locale: string, count: number): string {
  if (count === 0) return T.documentsNone;
  const form =
    new Intl.PluralRules(locale).select(count) === "one" ? T.documentsOne : T.documentsOther;
  return fill(form, { count });
}

export default function ContinueClaimScreen() {
  const T = useTexts(DRAFT_TEXTS);
  const { locale } = useLocale();
  const { day } = useDates();
  const navigate = useNavigate();
  const [drafts] = useState<OpenDraft[]>(claimSession.draftsOffered);
  const [error, setError] = useState<string>();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => titleRef.current?.focus(), []);

  if (drafts.length === 0) return <Navigate to="/claims-details" replace />;

  const continueDraft = async (draftReferenceNumber: string) => {
    const response = await callClaimApi("resumeClaimDraft", { draftReferenceNumber });
    if (response.ok) {
      restoreDraft(response.data, claimSession.verifiedMobileNumber());
      await saved();
      navigate(response.data.draft.step);
    } else if (response.returnCode === RETURN_CODES.draftNotFound) {
      setError(T.notAvailable);
    } else {
      systemError.show();
    }
  };

  const startNew = () => {
    offerDrafts([]);
    navigate("/claims-details");
  };

  return (
    <TitledScreen id="k-continue-title" title={T.title} titleRef={titleRef}>
      <p>{T.intro}</p>
      {error ? (
        <p className="k-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="k-draft-list" aria-label={T.listLabel}>
        {drafts.map((draft) => (
          <li key={draft.webReferenceNumber} className="k-draft k-card">
            <p className="k-draft-facts">
              <strong>
                {draft.claimType === "Death"
                  ? T.claimTypeDeath
                  : draft.claimType === "Living"
                    ? T.claimTypeLiving
                    : T.claimTypeOther}
              </strong>
              <span>
                {fill(T.started, {
                  date: day(draft.startedAt),
                })}
              </span>
              <span>{documentCount(T, locale, draft.documentCount)}</span>
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
    </TitledScreen>
  );
}
