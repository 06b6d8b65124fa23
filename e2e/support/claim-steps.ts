import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { readOtpFromOutbox } from "./outbox.ts";
import {
  fillStartForm,
  maria,
  openStartForm,
  otpModal,
  pressNext,
  proceedPastReminder,
  type StartAnswers,
  typeOtp,
  uniqueMobile,
} from "./start-form.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A day in Manila `daysFromToday` away from today, as a claimant types it: "DD MMM YYYY". */
export function manilaDate(daysFromToday: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Manila",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(Date.now() + daysFromToday * 86_400_000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${String(part("day")).padStart(2, "0")} ${MONTHS[part("month") - 1]} ${part("year")}`;
}

/** A date of birth `years` years and `days` days before today in Manila, as typed. */
export function bornYearsAgo(years: number, days = 0): string {
  const [day, month, year] = manilaDate(-days).split(" ");
  return `${day} ${month} ${Number(year) - years}`;
}

/** Step 1 and the OTP as a claimant does them; ends on Step 2 with a verified mobile number. */
export async function startVerifiedClaim(
  page: Page,
  request: APIRequestContext,
  answers: Partial<StartAnswers> = {},
): Promise<void> {
  const mobile = uniqueMobile();
  await openStartForm(page);
  await proceedPastReminder(page);
  await fillStartForm(page, { ...maria, mobile, ...answers });
  await pressNext(page);
  await otpModal(page).getByRole("button", { name: "Send OTP" }).click();
  await typeOtp(page, await readOtpFromOutbox(request, `63${mobile}`));
  await otpModal(page).getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/claims-details$/);
  await expect(page.getByRole("heading", { name: /Step 2 of 4/ })).toBeVisible();
}

/** Picks a tile in the group the question names. */
export async function chooseTile(page: Page, question: string, choice: string): Promise<void> {
  const tile = page.getByRole("group", { name: question }).getByRole("radio", { name: choice });
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
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
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

export type AccidentAnswers = {
  accidentDate: string;
  place: string;
  injury: string;
  partOfBody: string;
  firstConsultation?: string;
  benefits: string[];
  policyNumber?: string;
};

export const motorcycleAccident: AccidentAnswers = {
  accidentDate: manilaDate(-20),
  place: "EDSA corner Ortigas Ave, Mandaluyong City",
  injury: "Fractured left wrist after a motorcycle collision",
  partOfBody: "Left wrist",
  firstConsultation: manilaDate(-19),
  benefits: ["Surgery", "Confinement in a hospital"],
  policyNumber: "1234567890",
};

export async function fillLivingAccident(page: Page, answers: AccidentAnswers): Promise<void> {
  await chooseTile(page, "Type of claim", "Living");
  await chooseTile(page, "Was it an accident or an illness?", "Accident");
  await typeDate(page, "Date of accident", answers.accidentDate);
  await field(page, "Place of accident").fill(answers.place);
  await field(page, "Injury details").fill(answers.injury);
  await field(page, "Part of body injured").fill(answers.partOfBody);
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
  cause: "Acute myocardial infarction",
  nature: "Illness",
};

export async function fillDeath(page: Page, answers: DeathAnswers): Promise<void> {
  await chooseTile(page, "Type of claim", "Death");
  await typeDate(page, "Date of death", answers.dateOfDeath);
  await field(page, "Cause of death").fill(answers.cause);
  await chooseTile(page, "Was the death due to an accident or an illness?", answers.nature);
}
