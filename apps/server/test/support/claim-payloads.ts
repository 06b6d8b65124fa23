import { buildClaimPayload } from "@kalinga/domain/build-claim-payload";
import { claimDetailsSchema, emptyClaimDetails } from "@kalinga/domain/claim-details";
import { todayInManila } from "@kalinga/domain/dates";
import type { Declarations } from "@kalinga/domain/declarations";
import { payoutSchema } from "@kalinga/domain/payout";
import { emptyPublicStartForm, publicStartFormSchema, toStep1 } from "@kalinga/domain/start-form";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { basicInformation, MOBILE, type StartedClaim } from "./test-app.ts";

// A living accident claim as the widget builds it from Steps 1 to 3, and the finalSubmitClaim body
// that carries it with the declarations agreed.

export const PH = { label: "Philippines", value: "PH" };
export const TODAY = todayInManila();
export const EMAIL = "jose.rizal@example.ph";

export const step1 = toStep1(
  publicStartFormSchema.parse({
    ...emptyPublicStartForm,
    firstName: "Jose",
    middleName: "P",
    lastName: "Rizal",
    dateOfBirth: "1980-03-05",
    phoneNumber: MOBILE,
    emailAddress: EMAIL,
    homeAddress: "12 Mabini St, Barangay 1, Quezon City",
    citizenship: PH,
    countryResident: PH,
    policyType: "Individual",
  }),
);

const accident = claimDetailsSchema({ dateOfBirth: step1.dateOfBirth, today: TODAY }).parse({
  ...emptyClaimDetails,
  claimType: "Living",
  livingSubtype: "AC",
  accidentDate: "2026-10-01",
  accidentPlace: "EDSA corner Ortigas Avenue, Mandaluyong City",
  injuryDetails: "Fractured left forearm after a motorcycle collision",
  partOfBodyInjured: "Left forearm",
  accidentResult: "N",
  dateOfFirstConsultation: "2026-10-02",
  policyNumber: "1234567890",
});

const bpiPayout = payoutSchema.parse({
  bank: "BPI",
  accountName: "Jose P Rizal",
  accountNumber: "1234567890",
});

/** Section 3's payload of a living accident claim paid to a BPI account. */
export const accidentPayload = buildClaimPayload({
  step1,
  details: accident,
  beneficiaries: [],
  payout: bpiPayout,
  channel: "corporate-website",
});

const livingDetails = claimDetailsSchema({ dateOfBirth: step1.dateOfBirth, today: TODAY });

/** A living illness claim for a stroke (illnessResult "Y"): the neurological-exam variant. */
export const strokePayload = buildClaimPayload({
  step1,
  details: livingDetails.parse({
    ...emptyClaimDetails,
    claimType: "Living",
    livingSubtype: "IL",
    diagnosis: "Ischemic stroke",
    illnessDetails: "Sudden weakness of the right arm and leg and slurred speech",
    illnessResult: "Y",
    dateSymptomsDiscovered: "2026-09-10",
    dateOfFirstConsultation: "2026-09-10",
    confinement: true,
  }),
  beneficiaries: [],
  payout: bpiPayout,
  channel: "corporate-website",
});

/** A fall with a spinal cord injury (accidentResult "Y") claiming disability: the same variant. */
export const spinalInjuryPayload = buildClaimPayload({
  step1,
  details: livingDetails.parse({
    ...emptyClaimDetails,
    claimType: "Living",
    livingSubtype: "AC",
    accidentDate: "2026-10-01",
    accidentPlace: "Construction site, Ortigas Center, Pasig City",
    injuryDetails: "Fell from scaffolding; spinal cord injury with weakness of both legs",
    partOfBodyInjured: "Lower back",
    accidentResult: "Y",
    disability: true,
  }),
  beneficiaries: [],
  payout: bpiPayout,
  channel: "corporate-website",
});

/** The upload slots the accident claim cannot be submitted without. */
export const ACCIDENT_MANDATORY_SLOTS = mandatorySlotKeys(
  slotFactsOfPayload(accidentPayload, TODAY),
);

export const AGREED: Declarations = { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" };

type Payload = typeof accidentPayload;

/** The finalSubmitClaim body without its declarations: what claim_submissions.payload keeps. */
export function storedPayload(
  target: Pick<StartedClaim, "webReferenceNumber">,
  payload: Payload = accidentPayload,
) {
  return {
    ...payload,
    webReferenceNumber: target.webReferenceNumber,
    basicInformation: { ...payload.basicInformation, ...basicInformation },
  };
}

/** The finalSubmitClaim body as the widget sends it: the claim, the call's fields, the declarations. */
export function submitBodyOf(
  target: Pick<StartedClaim, "webReferenceNumber">,
  payload: Payload = accidentPayload,
) {
  return { ...storedPayload(target, payload), declarations: AGREED };
}
