import type { MissingDocument } from "@kalinga/domain/claim-api";
import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import { MOBILE_PREFIX } from "@kalinga/domain/constants";
import { ALL_DECLARATIONS_AGREED } from "@kalinga/domain/declarations";
import { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";
import { fill } from "@kalinga/domain/localized-texts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Navigate } from "react-router";
import { callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { BACK_TO_REVIEW } from "../claim/back-to-review.ts";
import { CLAIM_DETAILS_TEXTS } from "../claim/claim-details-texts.ts";
import { claimOfTab } from "../claim/claim-of-tab.ts";
import { StartClaimFirst, useClaimIfAny, type VerifiedClaim } from "../claim/verified-claim.tsx";
import type { ClaimReceipt } from "../session/claim-session.ts";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { useMessage, useTexts } from "../ui/locale.ts";
import { ActionLink } from "../ui/screen-links.tsx";
import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import submissionCss from "./submission.css?inline";
import { SUBMISSION_TEXTS } from "./submission-texts.ts";
import {
  canRate,
  saveSubmittedClaim,
  submittedClaimOfTab,
  useEndSubmittedClaimOnLeave,
} from "./submitted-claim.ts";

adoptStyles(screenTextCss);
adoptStyles(submissionCss);

/** /claims-submission: sends the reviewed claim once, then confirms it. */
export default function ClaimsSubmissionScreen() {
  const claim = useClaimIfAny();
  const receipt = useMemo(() => submittedClaimOfTab(claim), [claim]);
  if (receipt) return <Confirmation receipt={receipt} />;
  if (!claim) return <StartClaimFirst />;
  return <ClaimSubmission claim={claim} />;
}

type Outcome =
  | { kind: "sending" }
  | { kind: "submitted"; receipt: ClaimReceipt }
  | { kind: "missing"; missing: MissingDocument[] }
  | { kind: "invalid" }
  | { kind: "failed" };

function ClaimSubmission({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(SUBMISSION_TEXTS);
  const inLocale = useMessage();
  const { channel } = useWidgetSetting();
  const initial = useMemo(() => claim.readData(), [claim]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "sending" });
  const started = useRef(false);

  const submit = useCallback(async () => {
    const data = claim.readData();
    const tab = claimOfTab(claim, channel);
    if (!data.submitKey) return;
    // A step that no longer passes (changed in another tab) is sent back to the review, not sent.
    if (!tab.complete) {
      setOutcome({ kind: "invalid" });
      return;
    }
    setOutcome({ kind: "sending" });
    const response = await callClaimApi(
      "finalSubmitClaim",
      { ...tab.payload, declarations: ALL_DECLARATIONS_AGREED },
      data.submitKey,
    );
    if (response.ok) {
      const submitted = claim.save({ submitted: response.data });
      setOutcome({
        kind: "submitted",
        receipt: saveSubmittedClaim(claim, response.data, submitted),
      });
      return;
    }
    const missing = response.data?.missing;
    if (response.returnCode === RETURN_CODES.missingDocuments && Array.isArray(missing)) {
      setOutcome({ kind: "missing", missing: missing as MissingDocument[] });
    } else if (response.status === 400) {
      setOutcome({ kind: "invalid" });
    } else {
      systemError.show();
      setOutcome({ kind: "failed" });
    }
  }, [claim, channel]);

  useEffect(() => {
    if (started.current || !initial.submitKey) return;
    started.current = true;
    void submit();
  }, [initial, submit]);

  // Reached without the review's Submit: nothing to send yet.
  if (!initial.submitKey) return <Navigate to="/claims-review" replace />;

  switch (outcome.kind) {
    case "submitted":
      return <Confirmation receipt={outcome.receipt} />;
    case "sending":
      return (
        <TitledScreen id="k-sending-title" title={T.sendingTitle}>
          <p role="status">{T.sendingText}</p>
        </TitledScreen>
      );
    case "missing":
      return (
        <TitledScreen id="k-missing-title" title={T.missingTitle}>
          <p>{inLocale(DOCUMENT_MESSAGES.missingDocuments)}</p>
          <ul className="k-review-list">
            {outcome.missing.map((document) => (
              <li key={document.slotKey}>{document.label}</li>
            ))}
          </ul>
          <ActionLink to="/claims-documents" state={BACK_TO_REVIEW}>
            {T.addDocuments}
          </ActionLink>
        </TitledScreen>
      );
    case "invalid":
      return (
        <TitledScreen id="k-invalid-title" title={T.invalidTitle}>
          <p>{T.invalidText}</p>
          <ActionLink to="/claims-review">{T.backToReview}</ActionLink>
        </TitledScreen>
      );
    case "failed":
      return (
        <TitledScreen id="k-failed-title" title={T.failedTitle}>
          <p>{T.failedText}</p>
          <div className="k-actions">
            <button className="k-btn k-btn--contained" type="button" onClick={() => void submit()}>
              {T.tryAgain}
            </button>
          </div>
        </TitledScreen>
      );
  }
}

/** The receipt of the claim; the rating link shows while the rating can still be sent. */
function Confirmation({ receipt }: { receipt: ClaimReceipt }) {
  const T = useTexts(SUBMISSION_TEXTS);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  useEndSubmittedClaimOnLeave();
  const [ratingOpen] = useState(() => canRate(receipt));
  const submittedAt = new Date(receipt.submittedAt);
  const { day, time } = useDates();
  const D = useTexts(CLAIM_DETAILS_TEXTS);
  const mobileNumber = `${MOBILE_PREFIX} ${receipt.maskedMobileNumber}`;
  const email = receipt.emailAddress;

  return (
    <section className="k-screen k-confirmation" aria-labelledby="k-confirmation-title">
      <h2 id="k-confirmation-title" className="k-screen-title" tabIndex={-1} ref={titleRef}>
        {T.submittedTitle}
      </h2>
      <div className="k-receipt">
        <p className="k-claim-reference">
          {D.webReferenceNumber}{" "}
          <strong className="k-reference" data-testid="web-reference-number">
            {receipt.webReferenceNumber}
          </strong>
        </p>
        <p className="k-hint">
          {fill(T.submittedOn, {
            date: day(submittedAt),
            time: time(submittedAt),
          })}
        </p>
      </div>
      <p>
        {email
          ? fill(T.acknowledgment, { mobileNumber, email })
          : fill(T.acknowledgmentSms, { mobileNumber })}
      </p>
      <h3 className="k-section-title">{T.nextStepsTitle}</h3>
      <ol className="k-next-steps">
        <li>{T.nextStepExamine}</li>
        <li>{T.nextStepMissing}</li>
        <li>
          {fill(T.nextStepDecided, {
            paidTo: receipt.claimType === "Death" ? T.paidToBeneficiaries : T.paidToBank,
          })}
        </li>
      </ol>
      <div className="k-actions">
        <Link className="k-btn k-btn--outlined" to="/claims-tracking">
          {T.checkStatus}
        </Link>
        {ratingOpen ? (
          <Link className="k-btn k-btn--contained" to="/claims-rating">
            {T.rate}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
