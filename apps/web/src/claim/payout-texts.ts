import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts of Step 3 for a living claim (the payout) and of its review, keyed, with their English
// defaults. Messages are the domain's (FILING_MESSAGES).

export const PAYOUT_TEXTS = defineTexts("payout", {
  step: "Step 3 of 4",
  title: "How should we pay you?",
  methodQuestion: "Where should we send the benefit?",
  methodBank: "Bank account",
  methodGcash: "GCash",
  methodMaya: "Maya",

  bankSection: "Bank credit",
  bankIntro:
    "We credit the benefit to a bank account in the Philippines. Enter the account exactly as your bank shows it.",
  bank: "Bank",
  bankPlaceholder: "Type to search",
  accountName: "Account name",
  accountNumber: "Account number",
  /** "An account number at BDO Unibank has 10 or 12 digits." */
  accountDigitsAt: "An account number at {bank} has {digits} digits.",
  accountDigitsAny: "An account number has {digits} digits, depending on the bank.",
  digitsOnly: "Digits only, without spaces or dashes.",

  /** "GCash": the wallet's name fills these in. */
  walletSection: "{wallet} e-wallet",
  walletIntro:
    "We send the benefit to your {wallet} account. Use the mobile number and the name exactly as {wallet} shows them in the app.",
  walletNumber: "{wallet} mobile number",
  walletNumberTip: "The mobile number your {wallet} account is registered to.",
  walletName: "Name as registered in {wallet}",
  walletNameTip: "{wallet} shows it under your profile; a name that differs may delay the payout.",
  walletLimitTip:
    "A fully verified e-wallet can receive a larger amount: if your wallet is not yet verified, verify it in the app first.",

  /** Review rows. */
  reviewMethod: "Paid by",
  reviewBankCredit: "Bank credit",
  reviewWalletNumber: "Mobile number",
});
