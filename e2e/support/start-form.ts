import { mariaStartForm } from "@kalinga/domain/fixtures/claim-fixtures";
import { expect, type Page } from "@playwright/test";
import { typedDate } from "./typed-dates.ts";

export const CORPORATE_START = "/help-support/claims/cf";

/** A claimant's Step 1 answers; every value is typed the way a person would. */
export type StartAnswers = {
  firstName: string;
  middleName: string;
  /** Ticks "No middle name" instead of typing one. */
  noMiddleName?: boolean;
  lastName: string;
  suffix: string;
  dateOfBirth: string;
  mobile: string;
  email: string;
  homeAddress: string;
  citizenship: string;
  residence: string;
  policyType: "Individual" | "Corporate";
  companyName?: string;
};

/** The domain's sample claimant Maria, typed as she would. */
export const maria: StartAnswers = {
  firstName: mariaStartForm.firstName,
  middleName: mariaStartForm.middleName,
  lastName: mariaStartForm.lastName,
  suffix: mariaStartForm.suffix,
  dateOfBirth: typedDate(mariaStartForm.dateOfBirth),
  mobile: mariaStartForm.phoneNumber,
  email: mariaStartForm.emailAddress,
  homeAddress: mariaStartForm.homeAddress,
  citizenship: mariaStartForm.citizenship.label,
  residence: mariaStartForm.countryResident.label,
  policyType: mariaStartForm.policyType,
};

/** A mobile number no other test uses, so outbox reads and rate limits never mix tests up. */
export function uniqueMobile(): string {
  return `917${String(Date.now() % 10_000_000).padStart(7, "0")}`;
}

export async function openStartForm(page: Page): Promise<void> {
  await page.goto(CORPORATE_START);
  await expect(
    page.getByRole("heading", { name: /Step 1 of 4/, includeHidden: true }),
  ).toBeVisible();
}

export async function proceedPastReminder(page: Page): Promise<void> {
  const reminder = page.getByRole("dialog", { name: "Filing a living claim?" });
  await expect(reminder).toBeVisible();
  await reminder.getByRole("button", { name: "Proceed" }).click();
  await expect(reminder).toBeHidden();
}

export async function chooseCountry(page: Page, label: string, country: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(country.slice(0, 5));
  await page.getByRole("option", { name: country, exact: true }).click();
  await expect(box).toHaveValue(country);
}

export async function fillStartForm(page: Page, answers: StartAnswers): Promise<void> {
  await page.getByLabel("First name", { exact: true }).fill(answers.firstName);
  if (answers.noMiddleName) await page.getByRole("checkbox", { name: "No middle name" }).check();
  else await page.getByLabel("Middle initial", { exact: true }).fill(answers.middleName);
  await page.getByLabel("Last name", { exact: true }).fill(answers.lastName);
  await page.getByLabel("Suffix", { exact: true }).fill(answers.suffix);
  const dateOfBirth = page.getByRole("textbox", { name: "Date of birth" });
  await dateOfBirth.fill(answers.dateOfBirth);
  await dateOfBirth.blur();
  await page.getByLabel("Mobile number", { exact: true }).fill(answers.mobile);
  await page.getByLabel("Email address", { exact: true }).fill(answers.email);
  await page.getByLabel("Home address", { exact: true }).fill(answers.homeAddress);
  await chooseCountry(page, "Country of citizenship", answers.citizenship);
  await chooseCountry(page, "Country of residence", answers.residence);
  await page.getByRole("radio", { name: answers.policyType }).check();
  if (answers.companyName !== undefined) {
    await page.getByLabel("Company name", { exact: true }).fill(answers.companyName);
  }
}

export async function pressNext(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Next", exact: true }).click();
}

export function otpModal(page: Page) {
  return page.getByRole("dialog", { name: "Verify your mobile number" });
}

/** Types a code into the six boxes one digit at a time, as a person does. */
export async function typeOtp(page: Page, code: string): Promise<void> {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Step 1 as Maria fills it (with `answers` over hers), past the reminder; returns the mobile typed. */
export async function fillStep1AsMaria(
  page: Page,
  answers: Partial<StartAnswers> = {},
): Promise<string> {
  const mobile = answers.mobile ?? uniqueMobile();
  await openStartForm(page);
  await proceedPastReminder(page);
  await fillStartForm(page, { ...maria, ...answers, mobile });
  return mobile;
}

/** Step 1 as Maria fills it, then Next, which opens the OTP modal; returns the mobile typed. */
export async function sendStep1AsMaria(
  page: Page,
  answers: Partial<StartAnswers> = {},
): Promise<string> {
  const mobile = await fillStep1AsMaria(page, answers);
  await pressNext(page);
  return mobile;
}

/** The Back link at the foot of Steps 2 to 4 and the review. */
export async function pressBack(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Back", exact: true }).click();
}

/** The claim's web reference number as the steps after the OTP show it. */
export function webReferenceNumber(page: Page) {
  return page.getByTestId("web-reference-number");
}
