import * as z from "zod/mini";
import {
  type Beneficiary,
  beneficiariesSchema,
  isUsPerson,
  MAX_BENEFICIARIES,
} from "./beneficiary.ts";
import type { ChannelId } from "./channel.ts";
import { basicInformationSchema, resetOneTimePinSchema } from "./claim-api.ts";
import { type ClaimDetails, claimDetailsIssues, dateOfLossOf } from "./claim-details.ts";
import { COUNTRY_CODE, IS_FIRST_SUBMIT_DEFAULT } from "./constants.ts";
import { fromPayloadDate, type IsoDate, todayInManila, toPayloadDate } from "./dates.ts";
import { type Declarations, declarationsSchema } from "./declarations.ts";
import { freeText } from "./free-text.ts";
import { FILING_MESSAGES as F } from "./messages.ts";
import { bankOf, type Payout, payoutSchema } from "./payout.ts";
import { type Option, type PublicStartForm, publicStartFormSchema } from "./start-form.ts";

// The finalSubmitClaim payload of section 3, built by the widget from Steps 1 to 3 and checked
// by the server with the same rules. Dates are MM/dd/yyyy; empty values are "". Every string,
// codes included, is free text to the schema: each is stored, so each must be savable.

/** The benefits claimed become "Y" or "N". */
export type YesNo = "Y" | "N";
/** The one payout method there is; the payload names it so others can follow. */
export const PAYOUT_METHOD_BANK_CREDIT = "Bank Credit";

const payloadDate = z
  .string()
  .check(z.refine<string>((v) => v === "" || fromPayloadDate(v) !== null, F.payloadDateInvalid));
const yesNo = z.enum(["Y", "N"]);
const yesOrEmpty = z.enum(["Y", ""]);
/** A per-item result: Y or N for the item the claim is about, "" for the other. */
const yesNoOrEmpty = z.enum(["Y", "N", ""]);

const claimBasicShape = {
  claimType: z.enum(["Death", "Living"]),
  /** The cause of death for Death; AC or IL for Living. */
  causeOfLoss: freeText("causeOfLoss"),
  /** AC or IL for Death, "" for Living: the document slots of a death claim depend on it. */
  natureOfDeath: z.enum(["AC", "IL", ""]),
  isFirstSubmit: z.literal(IS_FIRST_SUBMIT_DEFAULT),
};

const policyInformation = z.object({
  policyType: z.enum(["Individual", "Corporate"]),
  corporateCompany: freeText("corporateCompany"),
  corporateCompanyName: freeText("corporateCompanyName"),
  policyNumber: freeText("policyNumber"),
});

const insuredInformation = z.object({
  firstName: freeText("firstName"),
  middleName: freeText("middleName"),
  lastName: freeText("lastName"),
  suffix: freeText("suffix"),
  dateOfLoss: payloadDate,
  dateOfBirth: payloadDate,
  countryResident: freeText("countryResident"),
  citizenship: freeText("citizenship"),
  phoneNumber: freeText("phoneNumber"),
  emailAddress: freeText("emailAddress"),
  homeAddress: freeText("homeAddress"),
  injuryDetails: freeText("injuryDetails"),
  partOfBodyInjured: freeText("partOfBodyInjured"),
  accidentDate: payloadDate,
  accidentPlace: freeText("accidentPlace"),
  diagnosis: freeText("diagnosis"),
  illnessDetails: freeText("illnessDetails"),
  /** Accident claims: Y when the head, brain, spine or nerves were injured, else N; "" otherwise. */
  accidentResult: yesNoOrEmpty,
  /** Illness claims: Y when it is a condition of the brain, spinal cord or nerves, else N; "" otherwise. */
  illnessResult: yesNoOrEmpty,
  isSurgeryPerformed: yesNo,
  isConfinement: yesNo,
  isDismembermentAmputation: yesNo,
  isDisability: yesNo,
  dateSymptomsDiscovered: payloadDate,
  firstDiagnosedDate: payloadDate,
  countryCode: z.literal(COUNTRY_CODE),
});

const beneficiaryPayload = z.object({
  beneficiaryNo: z.number().check(z.int(), z.minimum(1)),
  countryCode: z.literal(COUNTRY_CODE),
  mainlandChinaStatement: yesOrEmpty,
  markectingCampaignsConsent: yesOrEmpty,
  financialServicesConsent: yesOrEmpty,
  relationship: freeText("relationship"),
  honorific: freeText("honorific"),
  firstName: freeText("firstName"),
  middleName: freeText("middleName"),
  lastName: freeText("lastName"),
  suffix: freeText("suffix"),
  dateOfBirth: payloadDate,
  placeOfBirth: freeText("placeOfBirth"),
  citizenship: freeText("citizenship"),
  nationality: freeText("nationality"),
  phoneNumber: freeText("phoneNumber"),
  emailAddress: freeText("emailAddress"),
  addressLine1: freeText("addressLine1"),
  addressLine2: freeText("addressLine2"),
  province: freeText("province"),
  districtOrBarangay: freeText("districtOrBarangay"),
  city: freeText("city"),
  country: freeText("country"),
  zipCode: freeText("zipCode"),
  gender: freeText("gender"),
  sex: freeText("sex"),
  occupation: freeText("occupation"),
  employerName: freeText("employerName"),
  positionStatement: freeText("positionStatement"),
  docVerifyAuthorize: yesOrEmpty,
  hasForm: z.union([z.literal(0), z.literal(1)]),
});

const payoutInformation = z.object({
  payoutMethod: z.enum([PAYOUT_METHOD_BANK_CREDIT, ""]),
  bankCode: freeText("bankCode"),
  bankName: freeText("bankName"),
  accountName: freeText("accountName"),
  accountNumber: freeText("accountNumber"),
});

const claimShape = {
  policyInformation,
  insuredInformation,
  beneficiaryList: z.array(beneficiaryPayload).check(z.maxLength(MAX_BENEFICIARIES)),
  /** Living claims only; every value "" on a death claim. */
  payoutInformation,
};

const claimPayloadObject = z.object({
  basicInformation: z.object(claimBasicShape),
  ...claimShape,
});

export type ClaimPayload = z.infer<typeof claimPayloadObject>;
export type BeneficiaryPayload = ClaimPayload["beneficiaryList"][number];

export type ClaimPayloadInput = {
  /** Step 1, as kept in session ("step1"); on the member portal it carries the policy number. */
  step1: PublicStartForm;
  details: ClaimDetails;
  /** Death claims; ignored for Living. */
  beneficiaries: readonly Beneficiary[];
  /** Living claims; ignored for Death. */
  payout: Payout | null;
  channel: ChannelId;
};

const yn = (chosen: boolean): YesNo => (chosen ? "Y" : "N");
const codeOf = (option: Option | null): string => option?.value ?? "";

export function toBeneficiaryPayload(beneficiary: Beneficiary, index: number): BeneficiaryPayload {
  const b = beneficiary;
  return {
    beneficiaryNo: index + 1,
    countryCode: COUNTRY_CODE,
    mainlandChinaStatement: b.mainlandChinaStatement,
    markectingCampaignsConsent: b.markectingCampaignsConsent,
    financialServicesConsent: b.financialServicesConsent,
    relationship: b.relationship,
    honorific: b.honorific,
    firstName: b.firstName,
    middleName: b.noMiddleName ? "" : b.middleName,
    lastName: b.lastName,
    suffix: b.suffix,
    dateOfBirth: toPayloadDate(b.dateOfBirth),
    placeOfBirth: b.placeOfBirth,
    citizenship: codeOf(b.citizenship),
    nationality: codeOf(b.nationality),
    phoneNumber: b.phoneNumber,
    emailAddress: b.emailAddress,
    addressLine1: b.addressLine1,
    addressLine2: b.addressLine2,
    province: b.province,
    districtOrBarangay: b.districtOrBarangay,
    city: b.city,
    country: codeOf(b.country),
    zipCode: b.zipCode,
    gender: b.sex,
    sex: b.sex,
    occupation: b.occupation,
    employerName: b.employerName,
    positionStatement: b.positionStatement,
    docVerifyAuthorize: b.docVerifyAuthorize,
    hasForm: isUsPerson(b) ? 1 : 0,
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
      firstName: step1.firstName,
      middleName: step1.middleName,
      lastName: step1.lastName,
      suffix: step1.suffix,
      dateOfLoss: toPayloadDate(dateOfLossOf(details)),
      dateOfBirth: toPayloadDate(step1.dateOfBirth),
      countryResident: codeOf(step1.countryResident),
      citizenship: codeOf(step1.citizenship),
      phoneNumber: step1.phoneNumber,
      emailAddress: step1.emailAddress,
      homeAddress: step1.homeAddress,
      injuryDetails: accident ? details.injuryDetails : "",
      partOfBodyInjured: accident ? details.partOfBodyInjured : "",
      accidentDate: accident ? toPayloadDate(details.accidentDate) : "",
      accidentPlace: accident ? details.accidentPlace : "",
      diagnosis: illness ? details.diagnosis : "",
      illnessDetails: illness ? details.illnessDetails : "",
      accidentResult: accident ? details.accidentResult : "",
      illnessResult: illness ? details.illnessResult : "",
      isSurgeryPerformed: yn(living && details.surgery),
      isConfinement: yn(living && details.confinement),
      isDismembermentAmputation: yn(living && details.dismembermentAmputation),
      isDisability: yn(living && details.disability),
      dateSymptomsDiscovered: illness ? toPayloadDate(details.dateSymptomsDiscovered) : "",
      firstDiagnosedDate: living ? toPayloadDate(details.dateOfFirstConsultation) : "",
      countryCode: COUNTRY_CODE,
    },
    beneficiaryList: death ? input.beneficiaries.map(toBeneficiaryPayload) : [],
    payoutInformation: payout
      ? {
          payoutMethod: PAYOUT_METHOD_BANK_CREDIT,
          bankCode: payout.bank,
          bankName: bankOf(payout.bank)?.label ?? "",
          accountName: payout.accountName,
          accountNumber: payout.accountNumber,
        }
      : { payoutMethod: "", bankCode: "", bankName: "", accountName: "", accountNumber: "" },
  };
}

// ---- The server's check: the payload back into the forms it came from, through the same rules.

type Path = (string | number)[];
type PathIssue = { path: Path; message: string };

const iso = (payloadDate: string): IsoDate => fromPayloadDate(payloadDate) ?? "";
const optionFrom = (code: string): Option | null => (code ? { label: code, value: code } : null);

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
      firstName: insured.firstName,
      middleName: insured.middleName,
      lastName: insured.lastName,
      suffix: insured.suffix,
      dateOfBirth: iso(insured.dateOfBirth),
      phoneNumber: insured.phoneNumber,
      emailAddress: insured.emailAddress,
      homeAddress: insured.homeAddress,
      citizenship: optionFrom(insured.citizenship),
      countryResident: optionFrom(insured.countryResident),
      policyType: policy.policyType,
      company: corporate ? optionFrom(policy.corporateCompany) : null,
      companyOther: policy.corporateCompanyName,
      policyNumber: policy.policyNumber,
      // The Step 1 consents do not travel in the payload; Step 1 checked the China statement.
      mainlandChinaStatement: "Y",
      markectingCampaignsConsent: "",
      financialServicesConsent: "",
    },
    details: {
      claimType: basic.claimType,
      livingSubtype: death ? "" : subtype,
      accidentDate: iso(insured.accidentDate),
      accidentPlace: insured.accidentPlace,
      injuryDetails: insured.injuryDetails,
      partOfBodyInjured: insured.partOfBodyInjured,
      accidentResult: insured.accidentResult,
      diagnosis: insured.diagnosis,
      illnessDetails: insured.illnessDetails,
      illnessResult: insured.illnessResult,
      dateSymptomsDiscovered: iso(insured.dateSymptomsDiscovered),
      dateOfFirstConsultation: iso(insured.firstDiagnosedDate),
      dateOfLoss: death ? iso(insured.dateOfLoss) : "",
      causeOfLoss: death ? basic.causeOfLoss : "",
      natureOfDeath: basic.natureOfDeath,
      surgery: insured.isSurgeryPerformed === "Y",
      confinement: insured.isConfinement === "Y",
      dismembermentAmputation: insured.isDismembermentAmputation === "Y",
      disability: insured.isDisability === "Y",
      policyNumber: policy.policyNumber,
    },
    beneficiaries: payload.beneficiaryList.map((b) => ({
      relationship: b.relationship,
      honorific: b.honorific,
      firstName: b.firstName,
      middleName: b.middleName,
      noMiddleName: b.middleName === "",
      lastName: b.lastName,
      suffix: b.suffix,
      dateOfBirth: iso(b.dateOfBirth),
      placeOfBirth: b.placeOfBirth,
      citizenship: optionFrom(b.citizenship),
      nationality: optionFrom(b.nationality),
      phoneNumber: b.phoneNumber,
      emailAddress: b.emailAddress,
      addressLine1: b.addressLine1,
      addressLine2: b.addressLine2,
      province: b.province,
      districtOrBarangay: b.districtOrBarangay,
      city: b.city,
      country: optionFrom(b.country),
      zipCode: b.zipCode,
      sex: b.sex,
      occupation: b.occupation,
      employerName: b.employerName,
      positionStatement: b.positionStatement,
      docVerifyAuthorize: b.docVerifyAuthorize,
      mainlandChinaStatement: b.mainlandChinaStatement,
      markectingCampaignsConsent: b.markectingCampaignsConsent,
      financialServicesConsent: b.financialServicesConsent,
    })),
    payout: death
      ? null
      : {
          bank: payout.bankCode,
          accountName: payout.accountName,
          accountNumber: payout.accountNumber,
        },
  };
}

const STEP1_PATHS: Record<string, Path> = {
  policyType: ["policyInformation", "policyType"],
  company: ["policyInformation", "corporateCompany"],
  companyOther: ["policyInformation", "corporateCompanyName"],
  policyNumber: ["policyInformation", "policyNumber"],
};

const DETAILS_PATHS: Partial<Record<keyof ClaimDetails, Path>> = {
  claimType: ["basicInformation", "claimType"],
  livingSubtype: ["basicInformation", "causeOfLoss"],
  causeOfLoss: ["basicInformation", "causeOfLoss"],
  natureOfDeath: ["basicInformation", "natureOfDeath"],
  dateOfFirstConsultation: ["insuredInformation", "firstDiagnosedDate"],
  policyNumber: ["policyInformation", "policyNumber"],
};

const PAYOUT_PATHS: Record<string, Path> = {
  bank: ["payoutInformation", "bankCode"],
  accountName: ["payoutInformation", "accountName"],
  accountNumber: ["payoutInformation", "accountNumber"],
};

/** The first leaf where two payloads differ, or null. */
function firstDifference(a: unknown, b: unknown, path: Path = []): Path | null {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? null : path;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const step = Array.isArray(a) ? Number(key) : key;
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      [...path, step],
    );
    if (found) return found;
  }
  return null;
}

/** Every rule of Steps 1 to 3 on a submitted payload, with the payload's paths. */
export function claimPayloadIssues(
  payload: ClaimPayload,
  today: IsoDate = todayInManila(),
): PathIssue[] {
  const inputs = inputsOfPayload(payload);
  const issues: PathIssue[] = [];

  const step1 = publicStartFormSchema.safeParse({ ...inputs.step1, policyNumber: undefined });
  if (!step1.success) {
    for (const issue of step1.error.issues) {
      const field = String(issue.path[0] ?? "");
      issues.push({
        path: STEP1_PATHS[field] ?? ["insuredInformation", field],
        message: issue.message,
      });
    }
  }

  for (const { field, message } of claimDetailsIssues(inputs.details, {
    dateOfBirth: inputs.step1.dateOfBirth,
    today,
  })) {
    const key = field as keyof ClaimDetails;
    issues.push({ path: DETAILS_PATHS[key] ?? ["insuredInformation", field], message });
  }

  if (payload.basicInformation.claimType === "Death") {
    const beneficiaries = beneficiariesSchema.safeParse(inputs.beneficiaries);
    if (!beneficiaries.success) {
      for (const issue of beneficiaries.error.issues) {
        const [index, field] = issue.path;
        const path: Path =
          typeof index === "number"
            ? ["beneficiaryList", index, field === "noMiddleName" ? "middleName" : String(field)]
            : ["beneficiaryList"];
        issues.push({ path, message: issue.message });
      }
    }
  } else {
    const payout = payoutSchema.safeParse(inputs.payout);
    if (!payout.success) {
      for (const issue of payout.error.issues) {
        issues.push({
          path: PAYOUT_PATHS[String(issue.path[0])] ?? ["payoutInformation"],
          message: issue.message,
        });
      }
    }
  }

  // Whatever the rules accept must also be what the builder makes of it: derived values (dates
  // of loss, flags, hasForm, bank names) and the fields of other claim types ("") included.
  if (issues.length === 0) {
    const rebuilt = buildClaimPayload({ ...inputs, channel: "corporate-website" });
    const { basicInformation: basic } = payload;
    // Only the claim's own keys: a finalSubmitClaim body also carries the common call fields.
    const submitted: ClaimPayload = {
      basicInformation: {
        claimType: basic.claimType,
        causeOfLoss: basic.causeOfLoss,
        natureOfDeath: basic.natureOfDeath,
        isFirstSubmit: basic.isFirstSubmit,
      },
      policyInformation: payload.policyInformation,
      insuredInformation: payload.insuredInformation,
      beneficiaryList: payload.beneficiaryList,
      payoutInformation: payload.payoutInformation,
    };
    const path = firstDifference(submitted, rebuilt);
    if (path) issues.push({ path, message: F.payloadMismatch });
  }
  return issues;
}

const rulesCheck = z.superRefine<ClaimPayload>((payload, ctx) => {
  for (const { path, message } of claimPayloadIssues(payload)) {
    ctx.issues.push({ code: "custom", message, path, input: payload });
  }
});

/** The claim part of finalSubmitClaim, exactly as buildClaimPayload makes it. */
export const claimPayloadSchema = claimPayloadObject.check(rulesCheck);

/**
 * The finalSubmitClaim body the server receives: the claim, the company and channel beside its
 * basic information, what every claim call carries (webReferenceNumber, agentCode), and the
 * declarations the claimant agreed to (beside the claim, not part of section 3's payload).
 */
export const finalSubmitClaimSchema = z
  .object({
    // resetOneTimePIN's body is exactly the common part of a claim call.
    ...resetOneTimePinSchema.shape,
    basicInformation: z.object({ ...basicInformationSchema.shape, ...claimBasicShape }),
    ...claimShape,
    // Missing altogether reads as none agreed, so each declaration gets its own message.
    declarations: z.prefault(declarationsSchema, {} as Declarations),
  })
  .check(
    z.superRefine<ClaimPayload>(
      (payload, ctx) => {
        for (const { path, message } of claimPayloadIssues(payload)) {
          ctx.issues.push({ code: "custom", message, path, input: payload });
        }
      },
      // The claim's rules still run when only declarations are missing: one answer names both.
      { when: (payload) => payload.issues.every((issue) => issue.path?.[0] === "declarations") },
    ),
  );

export type FinalSubmitClaim = z.infer<typeof finalSubmitClaimSchema>;
