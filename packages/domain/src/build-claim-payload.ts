import { type Beneficiary, emptyGuardian, isUsPerson, needsGuardian } from "./beneficiary.ts";
import type { ChannelId } from "./channel.ts";
import { type ClaimDetails, dateOfLossOf } from "./claim-details.ts";
import {
  type BeneficiaryPayload,
  type ClaimPayload,
  PAYOUT_METHOD_BANK_CREDIT,
  PAYOUT_METHOD_E_WALLET,
} from "./claim-payload.ts";
import {
  ACCIDENT_FIELDS,
  BENEFICIARY_CODE_FIELDS,
  BENEFICIARY_TEXT_FIELDS,
  codesOf,
  emptyFields,
  fieldsOf,
  flagsOf,
  ILLNESS_FIELDS,
  INSURED_CODE_FIELDS,
  INSURED_TEXT_FIELDS,
} from "./claim-payload-fields.ts";
import { COUNTRY_CODE, IS_FIRST_SUBMIT_DEFAULT } from "./constants.ts";
import { type IsoDate, todayInManila, toPayloadDate } from "./dates.ts";
import { bankOf, eWalletOf, type Payout } from "./payout.ts";
import type { Option, PublicStartForm } from "./start-form.ts";

// The widget's side: validated Steps 1 to 3 into the finalSubmitClaim payload of section 3.

export type ClaimPayloadInput = {
  /** Step 1, as kept in session ("step1"); on the member portal it carries the policy number. */
  step1: PublicStartForm;
  details: ClaimDetails;
  /** Death claims; ignored for Living. */
  beneficiaries: readonly Beneficiary[];
  /** Living claims; ignored for Death. */
  payout: Payout | null;
  channel: ChannelId;
  /** The day a beneficiary's age is counted on; today in Manila unless given. */
  today?: IsoDate;
};

const codeOf = (option: Option | null): string => option?.value ?? "";

/** A middle name and its flag as the payload carries them: no middle name sends "" and "Y". */
const middleNameOf = (person: { middleName: string; noMiddleName: boolean }) => ({
  middleName: person.noMiddleName ? "" : person.middleName,
  noMiddleName: person.noMiddleName ? ("Y" as const) : ("N" as const),
});

function toBeneficiaryPayload(
  beneficiary: Beneficiary,
  index: number,
  today: IsoDate,
): BeneficiaryPayload {
  const b = beneficiary;
  return {
    beneficiaryNo: index + 1,
    countryCode: COUNTRY_CODE,
    ...fieldsOf(b, BENEFICIARY_TEXT_FIELDS),
    // The payload keeps the specification's spelling; the forms spell it right.
    markectingCampaignsConsent: b.marketingCampaignsConsent,
    ...codesOf(b, BENEFICIARY_CODE_FIELDS),
    ...middleNameOf(b),
    dateOfBirth: toPayloadDate(b.dateOfBirth),
    gender: b.sex,
    hasForm: isUsPerson(b) ? 1 : 0,
    guardian: needsGuardian(b.dateOfBirth, today) ? { ...b.guardian } : { ...emptyGuardian },
  };
}

/**
 * The section 3 payload, field for field, from validated Steps 1 to 3. Only the fields of the
 * chosen claim type are sent; the others are "". Throws on a claim without a type or policy type,
 * which validation never lets through.
 */
export function buildClaimPayload(input: ClaimPayloadInput): ClaimPayload {
  const { step1, details } = input;
  const claimType = details.claimType;
  const policyType = step1.policyType;
  if (claimType === "" || policyType === "") {
    throw new Error("buildClaimPayload needs a validated claim: claim type and policy type.");
  }
  const death = claimType === "Death";
  const living = claimType === "Living";
  const accident = living && details.livingSubtype === "AC";
  const illness = living && details.livingSubtype === "IL";
  const corporate = policyType === "Corporate";
  const payout = living ? input.payout : null;
  return {
    basicInformation: {
      claimType,
      causeOfLoss: death ? details.causeOfLoss : details.livingSubtype,
      natureOfDeath: death ? details.natureOfDeath : "",
      isFirstSubmit: IS_FIRST_SUBMIT_DEFAULT,
    },
    policyInformation: {
      policyType,
      corporateCompany: corporate ? codeOf(step1.company) : "",
      corporateCompanyName: corporate ? step1.companyOther : "",
      policyNumber:
        input.channel === "member-portal" ? (step1.policyNumber ?? "") : details.policyNumber,
    },
    insuredInformation: {
      ...fieldsOf(step1, INSURED_TEXT_FIELDS),
      ...codesOf(step1, INSURED_CODE_FIELDS),
      ...middleNameOf(step1),
      dateOfLoss: toPayloadDate(dateOfLossOf(details)),
      dateOfBirth: toPayloadDate(step1.dateOfBirth),
      ...(accident ? fieldsOf(details, ACCIDENT_FIELDS) : emptyFields(ACCIDENT_FIELDS)),
      accidentDate: accident ? toPayloadDate(details.accidentDate) : "",
      ...(illness ? fieldsOf(details, ILLNESS_FIELDS) : emptyFields(ILLNESS_FIELDS)),
      ...flagsOf(details, living),
      dateSymptomsDiscovered: illness ? toPayloadDate(details.dateSymptomsDiscovered) : "",
      firstDiagnosedDate: living ? toPayloadDate(details.dateOfFirstConsultation) : "",
      countryCode: COUNTRY_CODE,
    },
    beneficiaryList: death
      ? input.beneficiaries.map((b, index) =>
          toBeneficiaryPayload(b, index, input.today ?? todayInManila()),
        )
      : [],
    payoutInformation: payout
      ? payoutInformationOf(payout)
      : { payoutMethod: "", bankCode: "", bankName: "", accountName: "", accountNumber: "" },
  };
}

/** A bank account as it is; an e-wallet as its issuer and its mobile number written 09…. */
function payoutInformationOf(payout: Payout): ClaimPayload["payoutInformation"] {
  const wallet = eWalletOf(payout.method);
  if (wallet) {
    return {
      payoutMethod: PAYOUT_METHOD_E_WALLET,
      bankCode: wallet.value,
      bankName: wallet.label,
      accountName: payout.accountName,
      accountNumber: `0${payout.accountNumber}`,
    };
  }
  return {
    payoutMethod: PAYOUT_METHOD_BANK_CREDIT,
    bankCode: payout.bank,
    bankName: bankOf(payout.bank)?.label ?? "",
    accountName: payout.accountName,
    accountNumber: payout.accountNumber,
  };
}
