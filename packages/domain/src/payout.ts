import * as z from "zod/mini";
import { freeText } from "./free-text.ts";
import { FILING_MESSAGES as F, FIELD_MESSAGES as M } from "./messages.ts";
import { required } from "./start-form.ts";

// Step 3 of a living claim (/payout-option): the benefit is credited to a Philippine bank account.

type PhilippineBank = {
  label: string;
  /** Short code sent as bankCode. */
  value: string;
  /** Digits of an account number at this bank, where they are known for certain. */
  accountDigits?: readonly number[];
};

/** Banks and digital banks licensed in the Philippines, by their usual names. */
export const PHILIPPINE_BANKS: readonly PhilippineBank[] = [
  { label: "BDO Unibank", value: "BDO", accountDigits: [10, 12] },
  { label: "Bank of the Philippine Islands (BPI)", value: "BPI", accountDigits: [10] },
  { label: "Metrobank", value: "MBTC", accountDigits: [13] },
  { label: "Land Bank of the Philippines (Landbank)", value: "LBP", accountDigits: [10] },
  { label: "Philippine National Bank (PNB)", value: "PNB", accountDigits: [12] },
  { label: "Security Bank", value: "SBC", accountDigits: [13] },
  { label: "UnionBank of the Philippines", value: "UBP", accountDigits: [12] },
  { label: "RCBC", value: "RCBC" },
  { label: "China Bank", value: "CBC" },
  { label: "EastWest Bank", value: "EWB" },
  { label: "Development Bank of the Philippines (DBP)", value: "DBP" },
  { label: "PSBank", value: "PSB" },
  { label: "Asia United Bank (AUB)", value: "AUB" },
  { label: "Maybank Philippines", value: "MAYBANK" },
  { label: "CIMB Bank Philippines", value: "CIMB" },
  { label: "Philippine Veterans Bank", value: "PVB" },
  { label: "GoTyme Bank", value: "GOTYME" },
  { label: "Maya Bank", value: "MAYA" },
  { label: "Tonik Digital Bank", value: "TONIK" },
  { label: "SeaBank Philippines", value: "SEABANK" },
];

/** An account number at a bank whose length is not listed. */
const ACCOUNT_NUMBER_DIGITS = { min: 10, max: 16 } as const;
const ACCOUNT_NAME_LIMIT = 60;

/** Letters of any script, spaces and . , - ' ("Ma. Cristina Dela Cruz-Santos", "O'Brien"). */
const ACCOUNT_NAME_PATTERN = /^[\p{L}\p{M} .,'-]*$/u;
const DIGITS = /^\d*$/;

export function bankOf(code: string): PhilippineBank | null {
  return PHILIPPINE_BANKS.find((bank) => bank.value === code) ?? null;
}

/** "10", "10 or 12", or "10 to 16": the digits an account number at this bank has. */
export function accountDigitsText(bank: PhilippineBank | null): string {
  const digits = bank?.accountDigits;
  if (!digits) return `${ACCOUNT_NUMBER_DIGITS.min} to ${ACCOUNT_NUMBER_DIGITS.max}`;
  return digits.length === 1
    ? String(digits[0])
    : `${digits.slice(0, -1).join(", ")} or ${digits.at(-1)}`;
}

function accountNumberIssue(accountNumber: string, bankCode: string): string | null {
  if (!accountNumber) return F.accountNumberRequired;
  if (!DIGITS.test(accountNumber)) return F.accountNumberInvalid;
  const bank = bankOf(bankCode);
  const length = accountNumber.length;
  const fits = bank?.accountDigits
    ? bank.accountDigits.includes(length)
    : length >= ACCOUNT_NUMBER_DIGITS.min && length <= ACCOUNT_NUMBER_DIGITS.max;
  return fits ? null : F.accountNumberLength(accountDigitsText(bank));
}

const payoutObject = z.object({
  bank: z
    ._default(z.string(), "")
    .check(z.refine<string>((code) => bankOf(code) !== null, F.bankRequired)),
  accountName: z
    ._default(freeText("accountName"), "")
    .check(
      required(F.accountNameRequired),
      z.regex(ACCOUNT_NAME_PATTERN, M.specialCharacters),
      z.maxLength(ACCOUNT_NAME_LIMIT, M.tooLong),
    ),
  // Checked against the chosen bank below, so the length message can name its digits.
  accountNumber: z._default(z.string(), ""),
});

export type Payout = z.infer<typeof payoutObject>;
export type PayoutDraft = z.input<typeof payoutObject>;

/** The payout as far as it is filled (a saved draft): characters and lengths, nothing required. */
export const payoutDraftSchema = z.object({
  bank: z
    ._default(z.string(), "")
    .check(z.refine<string>((code) => !code || bankOf(code) !== null, F.bankRequired)),
  accountName: z
    ._default(freeText("accountName"), "")
    .check(
      z.regex(ACCOUNT_NAME_PATTERN, M.specialCharacters),
      z.maxLength(ACCOUNT_NAME_LIMIT, M.tooLong),
    ),
  accountNumber: z
    ._default(z.string(), "")
    .check(
      z.regex(DIGITS, F.accountNumberInvalid),
      z.maxLength(ACCOUNT_NUMBER_DIGITS.max, M.tooLong),
    ),
});

export const emptyPayout: Payout = { bank: "", accountName: "", accountNumber: "" };

export const payoutSchema = payoutObject.check(
  z.superRefine<Record<string, unknown>>(
    (values, ctx) => {
      const accountNumber = typeof values.accountNumber === "string" ? values.accountNumber : "";
      const bank = typeof values.bank === "string" ? values.bank : "";
      const message = accountNumberIssue(accountNumber, bank);
      if (message)
        ctx.issues.push({ code: "custom", message, path: ["accountNumber"], input: values });
    },
    // Runs beside a missing bank or name, so one submit shows every message.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  ),
);
