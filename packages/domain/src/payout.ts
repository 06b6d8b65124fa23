import * as z from "zod/mini";
import { PHILIPPINE_MOBILE_NUMBER } from "./constants.ts";
import { freeText } from "./free-text.ts";
import { fill } from "./localized-texts.ts";
import { FILING_MESSAGES as F, FIELD_MESSAGES as M } from "./messages.ts";
import { required } from "./start-form.ts";

// Step 3 of a living claim (/payout-option): the benefit is credited to a Philippine bank account
// or sent to a GCash or Maya e-wallet (docs/decisions/0045-payout-methods.md).

type PhilippineBank = {
  label: string;
  /** Short code sent as bankCode. */
  value: string;
  /** Digits of an account number at this bank, where they are known for certain. */
  accountDigits?: readonly number[];
};

/**
 * Banks that take PESONet or InstaPay transfers, by their usual names: universal, commercial,
 * thrift, rural, cooperative and digital banks (docs/decisions/0046-the-bank-list.md). The first
 * twenty keep the codes they were first sent with.
 */
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
  // Universal and commercial banks
  { label: "Bank of Commerce", value: "BOC" },
  { label: "CTBC Bank (Philippines)", value: "CTBC" },
  { label: "HSBC Philippines", value: "HSBC" },
  { label: "Philippine Bank of Communications (PBCOM)", value: "PBCOM" },
  { label: "Philippine Business Bank (PBB)", value: "PBB" },
  { label: "Philippine Trust Company (Philtrust Bank)", value: "PTC" },
  { label: "Standard Chartered Bank Philippines", value: "SCB" },
  { label: "Al-Amanah Islamic Bank", value: "AAIIBP" },
  // Digital banks
  { label: "Overseas Filipino Bank (OFBank)", value: "OFBANK" },
  { label: "UnionDigital Bank", value: "UNIONDGT" },
  // Thrift banks
  { label: "BDO Network Bank", value: "BDONB" },
  { label: "BPI BanKo", value: "BANKO" },
  { label: "Bangko Mabuhay", value: "MABUHAY" },
  { label: "Bank of Makati", value: "BMI" },
  { label: "China Bank Savings", value: "CBS" },
  { label: "Citystate Savings Bank", value: "CITYSTAT" },
  { label: "City Savings Bank (CitySavings)", value: "CSB" },
  { label: "Dumaguete City Development Bank", value: "DCDB" },
  { label: "Equicom Savings Bank", value: "EQB" },
  { label: "First Consolidated Bank", value: "FCB" },
  { label: "Legazpi Savings Bank", value: "LSB" },
  { label: "Luzon Development Bank", value: "LDB" },
  { label: "Malayan Bank", value: "MALAYAN" },
  { label: "Pacific Ace Savings Bank", value: "PASB" },
  { label: "Producers Bank", value: "PRODBANK" },
  { label: "Queen City Development Bank (Queenbank)", value: "QUEENBNK" },
  { label: "Sterling Bank of Asia", value: "SBA" },
  { label: "Sun Savings Bank", value: "SUNSB" },
  { label: "Wealth Development Bank", value: "WEALTH" },
  { label: "Yuanta Savings Bank", value: "YUANTA" },
  // Rural and cooperative banks
  { label: "AllBank", value: "ALLBANK" },
  { label: "Binangonan Rural Bank (BRBDigital)", value: "BRBI" },
  { label: "Camalig Bank", value: "CAMALIG" },
  { label: "Cantilan Bank", value: "CANTILAN" },
  { label: "CARD Bank", value: "CARDBANK" },
  { label: "CARD SME Bank", value: "CARDSME" },
  { label: "Cebuana Lhuillier Bank", value: "CEBUANA" },
  { label: "Country Builders Bank", value: "CBBI" },
  { label: "EastWest Rural Bank (Komo)", value: "EWRB" },
  { label: "Enterprise Bank", value: "ENTBANK" },
  { label: "ISLA Bank", value: "ISLA" },
  { label: "Katipunan Bank", value: "KATIPBNK" },
  { label: "Mindanao Consolidated Cooperative Bank", value: "MCCB" },
  { label: "Money Mall Rural Bank", value: "MMRB" },
  { label: "New Rural Bank of San Leonardo", value: "NRBSL" },
  { label: "Partner Rural Bank", value: "PARTNER" },
  { label: "Quezon Capital Rural Bank", value: "QCRB" },
  { label: "Rang-ay Bank", value: "RANGAY" },
  { label: "Rural Bank of Guinobatan", value: "RBGI" },
];

/** How the benefit reaches the claimant; "bank" when a stored answer predates the choice. */
export const PAYOUT_METHODS = ["bank", "gcash", "maya"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

type PhilippineEWallet = {
  method: Exclude<PayoutMethod, "bank">;
  label: string;
  /** Code sent as bankCode: the wallet's issuer takes InstaPay transfers under this name. */
  value: string;
};

/** E-wallets whose account is the holder's mobile number. */
export const PHILIPPINE_E_WALLETS: readonly PhilippineEWallet[] = [
  { method: "gcash", label: "GCash", value: "GCASH" },
  { method: "maya", label: "Maya", value: "PAYMAYA" },
];

export function eWalletOf(method: string): PhilippineEWallet | null {
  return PHILIPPINE_E_WALLETS.find((wallet) => wallet.method === method) ?? null;
}

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
  return fits ? null : fill(F.accountNumberLength, { digits: accountDigitsText(bank) });
}

function walletNumberIssue(mobileNumber: string): string | null {
  if (!mobileNumber) return F.walletNumberRequired;
  return PHILIPPINE_MOBILE_NUMBER.test(mobileNumber) ? null : M.mobileInvalid;
}

const payoutObject = z.object({
  method: z._default(z.enum(PAYOUT_METHODS), "bank"),
  // Checked below: a bank is asked for only when the benefit goes to a bank account.
  bank: z._default(z.string(), ""),
  accountName: z
    ._default(freeText("accountName"), "")
    .check(
      required(F.accountNameRequired),
      z.regex(ACCOUNT_NAME_PATTERN, M.specialCharacters),
      z.maxLength(ACCOUNT_NAME_LIMIT, M.tooLong),
    ),
  // Checked against the chosen bank below, so the length message can name its digits; for an
  // e-wallet it holds the wallet's mobile number without its +63.
  accountNumber: z._default(z.string(), ""),
});

export type Payout = z.infer<typeof payoutObject>;
export type PayoutDraft = z.input<typeof payoutObject>;

/** The payout as far as it is filled (a saved draft): characters and lengths, nothing required. */
export const payoutDraftSchema = z.object({
  method: z._default(z.enum(PAYOUT_METHODS), "bank"),
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

export const emptyPayout: Payout = { method: "bank", bank: "", accountName: "", accountNumber: "" };

export const payoutSchema = payoutObject.check(
  z.superRefine<Record<string, unknown>>(
    (values, ctx) => {
      const text = (key: string) => (typeof values[key] === "string" ? values[key] : "");
      const wallet = eWalletOf(text("method"));
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: "custom", message, path: [path], input: values });
      if (wallet) {
        const walletIssue = walletNumberIssue(text("accountNumber"));
        if (walletIssue) issue("accountNumber", walletIssue);
        return;
      }
      if (bankOf(text("bank")) === null) issue("bank", F.bankRequired);
      const message = accountNumberIssue(text("accountNumber"), text("bank"));
      if (message) issue("accountNumber", message);
    },
    // Runs beside a missing bank or name, so one submit shows every message.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  ),
);
