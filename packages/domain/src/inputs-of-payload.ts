import type { ClaimPayloadInput } from "./build-claim-payload.ts";
import { type ClaimPayload, PAYOUT_METHOD_E_WALLET } from "./claim-payload.ts";
import {
  ACCIDENT_FIELDS,
  BENEFICIARY_CODE_FIELDS,
  BENEFICIARY_TEXT_FIELDS,
  checkboxesOf,
  fieldsOf,
  ILLNESS_FIELDS,
  INSURED_CODE_FIELDS,
  INSURED_TEXT_FIELDS,
  optionOf,
  optionsOf,
} from "./claim-payload-fields.ts";
import { fromPayloadDate, type IsoDate } from "./dates.ts";
import { type Payout, PHILIPPINE_E_WALLETS } from "./payout.ts";

// The server's side: a payload back into the forms it came from, so the same rules can check it.

const iso = (payloadDate: string): IsoDate => fromPayloadDate(payloadDate) ?? "";

/** Steps 1 to 3 as a payload carries them; country labels do not travel, so codes stand in. */
export function inputsOfPayload(payload: ClaimPayload): Omit<ClaimPayloadInput, "channel"> {
  const {
    basicInformation: basic,
    policyInformation: policy,
    insuredInformation: insured,
  } = payload;
  const death = basic.claimType === "Death";
  const subtype = basic.causeOfLoss === "AC" || basic.causeOfLoss === "IL" ? basic.causeOfLoss : "";
  const corporate = policy.policyType === "Corporate";
  const payout = payload.payoutInformation;
  return {
    step1: {
      ...fieldsOf(insured, INSURED_TEXT_FIELDS),
      ...optionsOf(insured, INSURED_CODE_FIELDS),
      noMiddleName: insured.noMiddleName === "Y",
      dateOfBirth: iso(insured.dateOfBirth),
      policyType: policy.policyType,
      company: corporate ? optionOf(policy.corporateCompany) : null,
      companyOther: policy.corporateCompanyName,
      policyNumber: policy.policyNumber,
      // The Step 1 consents do not travel in the payload; Step 1 checked the China statement.
      mainlandChinaStatement: "Y",
      marketingCampaignsConsent: "",
      financialServicesConsent: "",
    },
    details: {
      claimType: basic.claimType,
      livingSubtype: death ? "" : subtype,
      ...fieldsOf(insured, ACCIDENT_FIELDS),
      accidentDate: iso(insured.accidentDate),
      ...fieldsOf(insured, ILLNESS_FIELDS),
      dateSymptomsDiscovered: iso(insured.dateSymptomsDiscovered),
      dateOfFirstConsultation: iso(insured.firstDiagnosedDate),
      dateOfLoss: death ? iso(insured.dateOfLoss) : "",
      causeOfLoss: death ? basic.causeOfLoss : "",
      natureOfDeath: basic.natureOfDeath,
      ...checkboxesOf(insured),
      policyNumber: policy.policyNumber,
    },
    beneficiaries: payload.beneficiaryList.map((b) => ({
      ...fieldsOf(b, BENEFICIARY_TEXT_FIELDS),
      marketingCampaignsConsent: b.markectingCampaignsConsent,
      ...optionsOf(b, BENEFICIARY_CODE_FIELDS),
      middleName: b.middleName,
      noMiddleName: b.noMiddleName === "Y",
      dateOfBirth: iso(b.dateOfBirth),
      guardian: { ...b.guardian },
    })),
    payout: death ? null : payoutOf(payout),
  };
}

/** The renamed fields read back; an e-wallet's 09… number loses its 0 as the form holds it. */
function payoutOf(payout: ClaimPayload["payoutInformation"]): Payout {
  const wallet = PHILIPPINE_E_WALLETS.find((w) => w.value === payout.bankCode);
  if (payout.payoutMethod === PAYOUT_METHOD_E_WALLET && wallet) {
    return {
      method: wallet.method,
      bank: "",
      accountName: payout.accountName,
      accountNumber: payout.accountNumber.replace(/^0(?=9\d{9}$)/, ""),
    };
  }
  return {
    method: "bank",
    bank: payout.bankCode,
    accountName: payout.accountName,
    accountNumber: payout.accountNumber,
  };
}
