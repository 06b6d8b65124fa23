import {
  bpiPayout,
  heartAttackDeath,
  motorcycleAccident as sampleAccident,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { bankOf } from "@kalinga/domain/payout";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { readOtpFromOutbox } from "./outbox.ts";
import {
  otpModal,
  pressNext,
  type StartAnswers,
  sendStep1AsMaria,
  typeOtp,
  webReferenceNumber,
} from "./start-form.ts";
import { bornYearsAgo, manilaDate } from "./typed-dates.ts";

export { manilaDate, payloadDate } from "./typed-dates.ts";

/**
 * Step 1 and the OTP as a claimant does them; ends on Step 2 with a verified mobile number.
 * Returns the mobile number typed (10 digits), which no other test uses.
 */
export async function startVerifiedClaim(
  page: Page,
  request: APIRequestContext,
  answers: Partial<StartAnswers> = {},
): Promise<string> {
  const mobile = await sendStep1AsMaria(page, answers);
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`));
  await otpModal(page).getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/claims-details$/);
  await expect(page.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();
  return mobile;
}

/** Step 1 and the OTP as in startVerifiedClaim; answers the mobile and the reference Step 2 shows. */
export async function startVerifiedClaimWithReference(
  page: Page,
  request: APIRequestContext,
): Promise<{ mobile: string; firstReference: string }> {
  const mobile = await startVerifiedClaim(page, request);
  return { mobile, firstReference: (await webReferenceNumber(page).textContent()) ?? "" };
}

/** Picks a tile in the group the question names. */
export async function chooseTile(page: Page, question: string, choice: string): Promise<void> {
  const tile = page
    .getByRole("group", { name: question })
    .getByRole("radio", { name: choice, exact: true });
  await tile.check();
  await expect(tile).toBeChecked();
}

/** Types a date and leaves the field, as a claimant does. */
export async function typeDate(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByRole("textbox", { name: label, exact: true });
  await field.fill(text);
  await field.blur();
}

/** The text field (or date or combobox) a label names. */
export function field(page: Page, label: string) {
  return page.locator("input").and(page.getByLabel(label, { exact: true }));
}

/** The message shown beneath a field, found through the field's own description. */
export async function messageOf(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  // The "+63" prefix and the field's tips (decision 0041) also describe it; the message is the rest.
  const ids = ((await input.getAttribute("aria-describedby")) ?? "")
    .split(/\s+/)
    .filter((id) => id && !id.endsWith("-prefix") && !id.endsWith("-tips"));
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.filter(Boolean).join(" ").trim();
}

/** The message of a tile group (its fieldset is described by it). */
export async function groupMessageOf(page: Page, question: string): Promise<string> {
  const group = page.getByRole("group", { name: question });
  const ids = ((await group.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.filter(Boolean).join(" ").trim();
}

const ACCIDENT_NEUROLOGICAL_QUESTION = "Did the accident injure the head, brain, spine or nerves?";
export const ILLNESS_NEUROLOGICAL_QUESTION =
  "Is the illness a condition of the brain, spinal cord or nerves?";

export type AccidentAnswers = {
  accidentDate: string;
  place: string;
  injury: string;
  partOfBody: string;
  /** "Did the accident injure the head, brain, spine or nerves?"; No when not given. */
  neurological?: "Yes" | "No";
  firstConsultation?: string;
  benefits: string[];
  policyNumber?: string;
};

/** The domain's sample accident, typed with dates of the last weeks and two benefits ticked. */
export const motorcycleAccident: AccidentAnswers = {
  accidentDate: manilaDate(-20),
  place: sampleAccident.accidentPlace,
  injury: sampleAccident.injuryDetails,
  partOfBody: sampleAccident.partOfBodyInjured,
  firstConsultation: manilaDate(-19),
  benefits: ["Surgery", "Confinement in a hospital"],
  policyNumber: sampleAccident.policyNumber,
};

export async function fillLivingAccident(page: Page, answers: AccidentAnswers): Promise<void> {
  await chooseTile(page, "Type of claim", "Living");
  await chooseTile(page, "Was it an accident or an illness?", "Accident");
  await typeDate(page, "Date of accident", answers.accidentDate);
  await field(page, "Place of accident").fill(answers.place);
  await field(page, "Injury details").fill(answers.injury);
  await field(page, "Part of body injured").fill(answers.partOfBody);
  await chooseTile(page, ACCIDENT_NEUROLOGICAL_QUESTION, answers.neurological ?? "No");
  if (answers.firstConsultation) {
    await typeDate(page, "Date of first consultation (optional)", answers.firstConsultation);
  }
  for (const benefit of answers.benefits) {
    await page.getByRole("checkbox", { name: benefit }).check();
  }
  if (answers.policyNumber) {
    await field(page, "Policy number (optional)").fill(answers.policyNumber);
  }
}

export type DeathAnswers = { dateOfDeath: string; cause: string; nature: "Accident" | "Illness" };

export const heartAttack: DeathAnswers = {
  dateOfDeath: manilaDate(-30),
  cause: heartAttackDeath.causeOfLoss,
  nature: "Illness",
};

export async function fillDeath(page: Page, answers: DeathAnswers): Promise<void> {
  await chooseTile(page, "Type of claim", "Death");
  await typeDate(page, "Date of death", answers.dateOfDeath);
  await field(page, "Cause of death").fill(answers.cause);
  await chooseTile(page, "Was the death due to an accident or an illness?", answers.nature);
}

/** Picks an option of a searchable dropdown by typing its start, as a claimant does. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.fill(option.slice(0, 5));
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(box).toHaveValue(option);
}

export type BankAnswers = { bank: string; accountName: string; accountNumber: string };

/** The sample BPI account, in Maria's name. */
export const bpiAccount: BankAnswers = {
  bank: bankOf(bpiPayout.bank)?.label ?? bpiPayout.bank,
  accountName: "Maria Pena Dela Cruz",
  accountNumber: bpiPayout.accountNumber,
};

export async function fillBankPayout(page: Page, answers: BankAnswers): Promise<void> {
  await chooseOption(page, "Bank", answers.bank);
  await field(page, "Account name").fill(answers.accountName);
  await field(page, "Account number").fill(answers.accountNumber);
}

/** Step 1, the OTP and the sample living accident as Step 2; ends on Step 3. Returns the mobile. */
export async function reachPayoutStep(page: Page, request: APIRequestContext): Promise<string> {
  const mobile = await startVerifiedClaim(page, request);
  await fillLivingAccident(page, motorcycleAccident);
  await pressNext(page);
  return mobile;
}

/** Steps 2 and 3 of a living accident claim paid to the sample BPI account; ends on Step 4. */
export async function reachDocumentsStep(
  page: Page,
  answers: AccidentAnswers = motorcycleAccident,
): Promise<void> {
  await fillLivingAccident(page, answers);
  await pressNext(page);
  await fillBankPayout(page, bpiAccount);
  await pressNext(page);
  await expect(page).toHaveURL(/\/claims-documents$/);
}

/** Step 1 and the OTP, then Steps 2 and 3 of the sample living accident; ends on Step 4. Returns the mobile. */
export async function startClaimToDocuments(
  page: Page,
  request: APIRequestContext,
): Promise<string> {
  const mobile = await startVerifiedClaim(page, request);
  await reachDocumentsStep(page);
  return mobile;
}

export type BeneficiaryAnswers = {
  relationship: string;
  title: string;
  firstName: string;
  /** Empty ticks "No middle name". */
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  placeOfBirth: string;
  citizenship: string;
  nationality: string;
  sex: "Male" | "Female";
  mobile: string;
  email: string;
  addressLine1: string;
  districtOrBarangay: string;
  city: string;
  province: string;
  country: string;
  zipCode: string;
  occupation: string;
  employerName?: string;
  position?: string;
  /** Asked only of a minor. */
  guardian?: GuardianAnswers;
};

type GuardianAnswers = {
  firstName: string;
  middleName: string;
  lastName: string;
  /** A label of the guardian relationship list, e.g. "Mother". */
  relationship: string;
  mobile: string;
  email: string;
};

/** A child of the insured, 10 years old: a minor. */
export const anaMinor: BeneficiaryAnswers = {
  relationship: "Child",
  title: "Miss",
  firstName: "Ana",
  middleName: "Santos",
  lastName: "Dela Cruz",
  dateOfBirth: bornYearsAgo(10),
  placeOfBirth: "Quezon City",
  citizenship: "Philippines",
  nationality: "Philippines",
  sex: "Female",
  mobile: "9171112222",
  email: "guardian.delacruz@example.ph",
  addressLine1: "12 Mabini St",
  districtOrBarangay: "Barangay Kamuning",
  city: "Quezon City",
  province: "Metro Manila",
  country: "Philippines",
  zipCode: "1103",
  occupation: "Student",
  guardian: {
    firstName: "Luisa",
    middleName: "Santos",
    lastName: "Dela Cruz",
    relationship: "Mother",
    mobile: "9171112222",
    email: "guardian.delacruz@example.ph",
  },
};

/** The insured's spouse, a US citizen living in California, with no middle name. */
export const johnUsCitizen: BeneficiaryAnswers = {
  relationship: "Spouse",
  title: "Mr.",
  firstName: "John",
  middleName: "",
  lastName: "Smith",
  dateOfBirth: "14 Jul 1978",
  placeOfBirth: "San Diego, California",
  citizenship: "United States",
  nationality: "United States",
  sex: "Male",
  mobile: "9173334444",
  email: "john.smith@example.com",
  addressLine1: "1200 Harbor Dr",
  districtOrBarangay: "",
  city: "San Diego",
  province: "California",
  country: "United States",
  zipCode: "92101",
  occupation: "Engineer",
  employerName: "Pacific Shipyards",
  position: "Senior engineer",
};

export async function fillBeneficiary(page: Page, answers: BeneficiaryAnswers): Promise<void> {
  await chooseOption(page, "Relationship to the insured", answers.relationship);
  await chooseOption(page, "Title", answers.title);
  await field(page, "First name").fill(answers.firstName);
  if (answers.middleName) await field(page, "Middle name").fill(answers.middleName);
  else await page.getByRole("checkbox", { name: "No middle name" }).check();
  await field(page, "Last name").fill(answers.lastName);
  await typeDate(page, "Date of birth", answers.dateOfBirth);
  await field(page, "Place of birth").fill(answers.placeOfBirth);
  await chooseOption(page, "Citizenship", answers.citizenship);
  await chooseOption(page, "Nationality", answers.nationality);
  await chooseTile(page, "Sex", answers.sex);
  if (answers.guardian) await fillGuardian(page, answers.guardian);
  // A minor's own mobile and e-mail are optional once a guardian is asked (decision 0049).
  const optional = answers.guardian ? " (optional)" : "";
  await field(page, `Mobile number${optional}`).fill(answers.mobile);
  await field(page, `Email address${optional}`).fill(answers.email);
  await field(page, "Address line 1").fill(answers.addressLine1);
  await field(page, "District or barangay").fill(answers.districtOrBarangay);
  await field(page, "City or municipality").fill(answers.city);
  await field(page, "Province").fill(answers.province);
  await chooseOption(page, "Country", answers.country);
  await field(page, "Zip code").fill(answers.zipCode);
  await field(page, "Occupation").fill(answers.occupation);
  if (answers.employerName)
    await field(page, "Employer name (optional)").fill(answers.employerName);
  if (answers.position) await field(page, "Position (optional)").fill(answers.position);
  await page.getByRole("checkbox", { name: /I authorize the insurer to verify/ }).check();
}

/** The minor's guardian, asked once the date of birth makes the beneficiary a minor. */
async function fillGuardian(page: Page, guardian: GuardianAnswers): Promise<void> {
  await field(page, "Guardian's first name").fill(guardian.firstName);
  if (guardian.middleName) {
    await field(page, "Guardian's middle name (optional)").fill(guardian.middleName);
  }
  await field(page, "Guardian's last name").fill(guardian.lastName);
  await chooseOption(page, "Guardian's relationship to the beneficiary", guardian.relationship);
  await field(page, "Guardian's mobile number").fill(guardian.mobile);
  await field(page, "Guardian's email address").fill(guardian.email);
}
