import type { Beneficiary } from "@kalinga/domain/beneficiary";
import { beneficiarySchema, emptyBeneficiary } from "@kalinga/domain/beneficiary";
import {
  type ClaimDetails,
  claimDetailsSchema,
  emptyClaimDetails,
} from "@kalinga/domain/claim-details";
import { type Payout, payoutSchema } from "@kalinga/domain/payout";
import {
  emptyPublicStartForm,
  type PublicStartForm,
  publicStartFormSchema,
  toStep1,
} from "@kalinga/domain/start-form";

// A claim as the widget holds it after Steps 1 to 3, each part passed through the domain's own
// schema (the samples of packages/domain and apps/server/test/support/claim-payloads.ts).

export const CLAIM = "KL-7KQ4-M9XP";
export const OTHER_CLAIM = "KL-3HWN-8RTC";

const PH = { label: "Philippines", value: "PH" };

/** The "step1" session item of an individual policy. */
export const step1: PublicStartForm = toStep1(
  publicStartFormSchema.parse({
    ...emptyPublicStartForm,
    firstName: "Jose",
    middleName: "P",
    lastName: "Rizal",
    dateOfBirth: "1980-03-05",
    phoneNumber: "9171234567",
    emailAddress: "jose.rizal@example.ph",
    homeAddress: "12 Mabini St, Barangay 1, Quezon City",
    citizenship: PH,
    countryResident: PH,
    policyType: "Individual",
  }),
);

const detailsOf = (values: Partial<ClaimDetails>): ClaimDetails =>
  claimDetailsSchema({ dateOfBirth: step1.dateOfBirth }).parse({
    ...emptyClaimDetails,
    ...values,
  });

/** Step 2 of a living accident claim. */
export const accidentDetails = detailsOf({
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

/** Step 2 of a death claim. */
export const deathDetails = detailsOf({
  claimType: "Death",
  dateOfLoss: "2026-08-15",
  causeOfLoss: "Acute myocardial infarction",
  natureOfDeath: "IL",
});

/** Step 3 of a living claim: a BPI account. */
export const bpiPayout: Payout = payoutSchema.parse({
  bank: "BPI",
  accountName: "Jose P Rizal",
  accountNumber: "1234567890",
});

/** Step 3 of a death claim: the insured's spouse. */
export const spouse: Beneficiary = beneficiarySchema.parse({
  ...emptyBeneficiary,
  relationship: "Spouse",
  honorific: "Mrs",
  firstName: "Ana",
  middleName: "Reyes",
  lastName: "Santos",
  dateOfBirth: "1982-07-19",
  placeOfBirth: "Cebu City",
  citizenship: PH,
  nationality: PH,
  phoneNumber: "9181234567",
  emailAddress: "ana.santos@example.ph",
  addressLine1: "45 Rizal Street",
  province: "Cebu",
  districtOrBarangay: "Barangay Lahug",
  city: "Cebu City",
  country: PH,
  zipCode: "6000",
  sex: "F",
  occupation: "Teacher",
  docVerifyAuthorize: "Y",
});
