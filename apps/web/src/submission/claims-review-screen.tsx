import type { PageContent } from "@kalinga/content/page-content";
import {
  BENEFICIARY_RELATIONSHIPS,
  type Beneficiary,
  GUARDIAN_RELATIONSHIPS,
  HONORIFICS,
  isMinor,
  needsGuardian,
} from "@kalinga/domain/beneficiary";
import type { UploadedDocument } from "@kalinga/domain/claim-api";
import type { ClaimDetails } from "@kalinga/domain/claim-details";
import { MOBILE_PREFIX } from "@kalinga/domain/constants";
import { todayInManila } from "@kalinga/domain/dates";
import {
  CLAIM_DECLARATIONS,
  DECLARATION_MESSAGES,
  DECLARATION_TEXTS,
  type DeclarationKey,
  declarationText,
} from "@kalinga/domain/declarations";
import { DOCUMENT_MESSAGES } from "@kalinga/domain/document-messages";
import { fill } from "@kalinga/domain/localized-texts";
import { maskLast4 } from "@kalinga/domain/mask";
import { bankOf, eWalletOf, type Payout } from "@kalinga/domain/payout";
import type { PublicStartForm } from "@kalinga/domain/start-form";
import { buildUploadSlots, SLOT_LABEL_TEXTS } from "@kalinga/domain/upload-slots";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { BACK_TO_REVIEW } from "../claim/back-to-review.ts";
import { BENEFICIARY_TEXTS, labelOfValue } from "../claim/beneficiary-texts.ts";
import {
  CLAIM_DETAILS_TEXTS,
  causeOptions,
  claimTypeOptions,
  yesNoLabel,
} from "../claim/claim-details-texts.ts";
import { claimOfTab, slotFactsOfTab } from "../claim/claim-of-tab.ts";
import { PAYOUT_TEXTS } from "../claim/payout-texts.ts";
import { useVerifiedClaim, type VerifiedClaim } from "../claim/verified-claim.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { useDates } from "../ui/dates.ts";
import { Link } from "../ui/link.tsx";
import { useMessage, useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { StepActions } from "../ui/step-actions.tsx";
import { adoptStyles } from "../ui/styles.ts";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { usePageContent, useWidgetSetting } from "../widget/contexts.ts";
import submissionCss from "./submission.css?inline";
import { SUBMISSION_TEXTS } from "./submission-texts.ts";

adoptStyles(screenTextCss);
adoptStyles(submissionCss);

/** /claims-review: everything entered, grouped, each group with an edit link; then the declarations. */
export default function ClaimsReviewScreen() {
  const claim = useVerifiedClaim();
  return <ClaimReview claim={claim} />;
}

type Row = [label: string, value: ReactNode];

const labelOf = (options: readonly { label: string; value: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;
/** The texts of the review's rows in the chosen locale, and its dates written in that locale. */
type ReviewTexts = {
  T: typeof SUBMISSION_TEXTS;
  D: typeof CLAIM_DETAILS_TEXTS;
  P: typeof PAYOUT_TEXTS;
  date: (iso: string) => string;
};

/** The start form's labels are the page content's, as the insurer words them. */
function insuredRows(step1: PublicStartForm, content: PageContent, texts: ReviewTexts): Row[] {
  const { T, date } = texts;
  const { insuredInformation, policyOwnerDetails } = content.microsite.mainInfo;
  const owner = policyOwnerDetails.fields;
  const name = [step1.firstName, step1.middleName, step1.lastName, step1.suffix]
    .filter(Boolean)
    .join(" ");
  return [
    [T.insured, name],
    [insuredInformation.fields.dateOfBirth.label, date(step1.dateOfBirth)],
    [owner.phoneNumber.label, `${MOBILE_PREFIX} ${step1.phoneNumber}`],
    [owner.emailAddress.label, step1.emailAddress],
    [owner.homeAddress.label, step1.homeAddress],
    [T.citizenship, step1.citizenship?.label ?? ""],
    [owner.countryResident.label, step1.countryResident?.label ?? ""],
    [T.policyType, step1.policyType],
    ...(step1.policyType === "Corporate" ? [[T.company, step1.companyOther] as Row] : []),
  ];
}

function detailRows(details: ClaimDetails, texts: ReviewTexts): Row[] {
  const { T, D, date } = texts;
  const rows: Row[] = [[D.claimTypeQuestion, labelOf(claimTypeOptions(D), details.claimType)]];
  if (details.claimType === "Living") {
    rows.push([T.accidentOrIllness, labelOf(causeOptions(D), details.livingSubtype)]);
    if (details.livingSubtype === "AC") {
      rows.push(
        [D.accidentDate, date(details.accidentDate)],
        [D.accidentPlace, details.accidentPlace],
        [D.injuryDetails, details.injuryDetails],
        [D.partOfBodyInjured, details.partOfBodyInjured],
        [D.reviewAccidentNeurological, yesNoLabel(details.accidentResult, D)],
      );
    } else {
      rows.push(
        [D.diagnosis, details.diagnosis],
        [D.illnessDetails, details.illnessDetails],
        [D.reviewIllnessNeurological, yesNoLabel(details.illnessResult, D)],
        [D.dateSymptomsDiscovered, date(details.dateSymptomsDiscovered)],
      );
    }
    rows.push([T.firstConsultation, date(details.dateOfFirstConsultation)]);
    const benefits = [
      details.surgery && D.surgery,
      details.confinement && D.confinement,
      details.dismembermentAmputation && D.dismembermentAmputation,
      details.disability && D.disability,
    ].filter(Boolean);
    rows.push([D.benefitsSection, benefits.length > 0 ? benefits.join(", ") : T.noBenefits]);
  } else {
    rows.push(
      [D.dateOfDeath, date(details.dateOfLoss)],
      [D.causeOfDeath, details.causeOfLoss],
      [T.accidentOrIllness, labelOf(causeOptions(D), details.natureOfDeath)],
    );
  }
  rows.push([T.policyNumber, details.policyNumber]);
  return rows;
}

function payoutRows(payout: Payout, { P }: ReviewTexts): Row[] {
  const wallet = eWalletOf(payout.method);
  // Account and mobile numbers shown in part: the review may be read over the claimant's shoulder.
  if (wallet) {
    return [
      [P.reviewMethod, fill(P.walletSection, { wallet: wallet.label })],
      [fill(P.walletName, { wallet: wallet.label }), payout.accountName],
      [P.reviewWalletNumber, maskLast4(`0${payout.accountNumber}`)],
    ];
  }
  return [
    [P.reviewMethod, P.reviewBankCredit],
    [P.bank, bankOf(payout.bank)?.label ?? payout.bank],
    [P.accountName, payout.accountName],
    [P.accountNumber, maskLast4(payout.accountNumber)],
  ];
}

function beneficiaryName(beneficiary: Beneficiary, B: typeof BENEFICIARY_TEXTS): string {
  const honorific = beneficiary.honorific
    ? labelOfValue("honorific", HONORIFICS, beneficiary.honorific, B)
    : "";
  const middle = beneficiary.noMiddleName ? "" : beneficiary.middleName;
  return [honorific, beneficiary.firstName, middle, beneficiary.lastName, beneficiary.suffix]
    .filter(Boolean)
    .join(" ");
}

/** "Guardian: Josephine Bracken (Mother) · +63 9181234567 · josephine@example.com". */
function guardianLine({ guardian }: Beneficiary, B: typeof BENEFICIARY_TEXTS): string {
  const name = [guardian.firstName, guardian.middleName, guardian.lastName]
    .filter(Boolean)
    .join(" ");
  const relationship = labelOfValue("guardian", GUARDIAN_RELATIONSHIPS, guardian.relationship, B);
  // A no-break space keeps "+63" with its number.
  const contact = [`${MOBILE_PREFIX}\u00a0${guardian.phoneNumber}`, guardian.emailAddress].join(
    " · ",
  );
  return `${B.reviewGuardian}: ${name} (${relationship}) · ${contact}`;
}

function ReviewGroup({
  title,
  editTo,
  children,
}: {
  title: string;
  editTo: string;
  children: ReactNode;
}) {
  const T = useTexts(SUBMISSION_TEXTS);
  return (
    <section className="k-review-group k-card" aria-label={title}>
      <div className="k-review-group__head">
        <h3 className="k-section-title">{title}</h3>
        <Link to={editTo} state={BACK_TO_REVIEW} className="k-review-group__edit">
          {T.edit}
          <span className="k-vh"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: Row[] }) {
  const T = useTexts(SUBMISSION_TEXTS);
  return (
    <dl className="k-facts">
      {rows.map(([label, value]) => (
        <div className="k-facts__row" key={label}>
          <dt>{label}</dt>
          <dd>{value === "" ? T.noValue : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClaimReview({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(SUBMISSION_TEXTS);
  const D = useTexts(CLAIM_DETAILS_TEXTS);
  const P = useTexts(PAYOUT_TEXTS);
  const B = useTexts(BENEFICIARY_TEXTS);
  const inLocale = useMessage();
  const declarations = useTexts(DECLARATION_TEXTS);
  const declarationMessages = useTexts(DECLARATION_MESSAGES);
  const slotLabels = useTexts(SLOT_LABEL_TEXTS);
  const { date } = useDates();
  const texts: ReviewTexts = { T, D, P, date };
  const setting = useWidgetSetting();
  const content = usePageContent();
  const navigate = useNavigate();
  const tab = useMemo(() => claimOfTab(claim, setting.channel), [claim, setting.channel]);
  const [documents, setDocuments] = useState<UploadedDocument[] | null>(null);
  const [agreed, setAgreed] = useState<Record<string, boolean>>(() =>
    tab.complete ? tab.data.declarations : {},
  );
  const [showErrors, setShowErrors] = useState(false);
  const [missingShown, setMissingShown] = useState(false);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const missingRef = useRef<HTMLParagraphElement>(null);

  // After a refused submit the first thing to fix takes focus: the documents, then a declaration.
  useEffect(() => {
    if (failedSubmits === 0) return;
    const first =
      missingRef.current ??
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      null;
    first?.focus();
  }, [failedSubmits]);

  useEffect(() => {
    void callClaimApiOrShowError("listDocuments", {}).then((listed) => {
      if (listed) setDocuments(listed.documents);
    });
  }, []);

  if (!tab.complete) return <Navigate to={tab.step} state={BACK_TO_REVIEW} replace />;
  if (tab.data.submitted) return <Navigate to="/claims-submission" replace />;
  const { data, step1, payload } = tab;

  const slots = buildUploadSlots(slotFactsOfTab(payload));
  const filesOf = (slotKey: string) => (documents ?? []).filter((d) => d.slotKey === slotKey);
  const missing = documents ? slots.filter((s) => s.mandatory && filesOf(s.key).length === 0) : [];
  const today = todayInManila();

  const toggle = (key: DeclarationKey, checked: boolean) => {
    const next = { ...agreed, [key]: checked };
    setAgreed(next);
    claim.save({ declarations: next });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!documents) return;
    const declined = CLAIM_DECLARATIONS.some(({ key }) => !agreed[key]);
    if (missing.length > 0 || declined) {
      setMissingShown(missing.length > 0);
      setShowErrors(declined);
      setFailedSubmits((n) => n + 1);
      return;
    }
    // One key for every attempt of this submit: a retry or a reload never files it twice.
    claim.save({
      declarations: agreed,
      submitKey: data.submitKey ?? crypto.randomUUID(),
    });
    navigate("/claims-submission");
  };

  return (
    <TitledScreen id="k-review-title" step={T.reviewStep} title={T.reviewTitle}>
      <p className="k-claim-reference">
        {texts.D.webReferenceNumber}{" "}
        <strong className="k-reference">{claim.webReferenceNumber}</strong>
      </p>
      <form ref={formRef} className="k-form" noValidate onSubmit={onSubmit}>
        <p className="k-intro">{T.reviewIntro}</p>
        <ReviewGroup title={T.insuredGroup} editTo="/cf">
          <Facts rows={insuredRows(step1, content, texts)} />
          <p className="k-hint">{T.newMobileHint}</p>
        </ReviewGroup>
        <ReviewGroup title={T.detailsGroup} editTo="/claims-details">
          <Facts rows={detailRows(data.details, texts)} />
        </ReviewGroup>
        {data.details.claimType === "Living" ? (
          <ReviewGroup title={T.payoutGroup} editTo="/payout-option">
            <Facts rows={payoutRows(data.payout, texts)} />
          </ReviewGroup>
        ) : (
          <ReviewGroup title={T.beneficiariesGroup} editTo="/payout-option">
            <ol className="k-review-list">
              {data.beneficiaries.map((beneficiary) => (
                <li key={`${beneficiaryName(beneficiary, B)} ${beneficiary.dateOfBirth}`}>
                  <strong>{beneficiaryName(beneficiary, B)}</strong>
                  {isMinor(beneficiary.dateOfBirth, today) ? T.minor : ""}
                  <br />
                  {labelOfValue(
                    "relationship",
                    BENEFICIARY_RELATIONSHIPS,
                    beneficiary.relationship,
                    B,
                  )}{" "}
                  · {fill(B.born, { date: texts.date(beneficiary.dateOfBirth) })}
                  {needsGuardian(beneficiary.dateOfBirth, today) ? (
                    <>
                      <br />
                      {guardianLine(beneficiary, B)}
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          </ReviewGroup>
        )}
        <ReviewGroup title={T.documentsGroup} editTo="/claims-documents">
          {documents === null ? (
            <p role="status">{T.loadingDocuments}</p>
          ) : (
            <ul className="k-review-list">
              {slots
                .filter((slot) => slot.mandatory || filesOf(slot.key).length > 0)
                .map((slot) => {
                  const files = filesOf(slot.key);
                  return (
                    <li key={slot.key}>
                      <strong>{slotLabels[slot.documentCd] ?? slot.label}</strong>
                      {slot.beneficiaryIndex
                        ? fill(T.ofBeneficiary, { number: slot.beneficiaryIndex })
                        : ""}
                      <br />
                      {files.length > 0 ? (
                        files.map((file) => `${file.name} (${file.sizeText})`).join(", ")
                      ) : (
                        <span className="k-missing">{T.notUploaded}</span>
                      )}
                    </li>
                  );
                })}
            </ul>
          )}
          {missingShown && missing.length > 0 ? (
            <p className="k-error" ref={missingRef} tabIndex={-1} role="alert">
              {inLocale(DOCUMENT_MESSAGES.missingDocuments)}{" "}
              <Link to="/claims-documents" state={BACK_TO_REVIEW}>
                {T.addDocuments}
              </Link>
            </p>
          ) : null}
        </ReviewGroup>

        <fieldset className="k-section k-declarations">
          <legend className="k-section-title">{T.declarationsGroup}</legend>
          {CLAIM_DECLARATIONS.map(({ key }) => (
            <Checkbox
              key={key}
              name={key}
              label={declarationText(key, setting.companyName, declarations)}
              checked={agreed[key] === true}
              onChange={(event) => toggle(key, event.currentTarget.checked)}
              error={showErrors && !agreed[key] ? declarationMessages.required : undefined}
            />
          ))}
        </fieldset>

        <StepActions
          back={{ to: "/claims-documents" }}
          nextLabel={T.submit}
          disabled={documents === null}
        />
      </form>
    </TitledScreen>
  );
}
