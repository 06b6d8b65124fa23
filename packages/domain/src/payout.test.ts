import { describe, expect, it } from "vitest";
import { fieldErrors } from "./fixtures/field-errors.ts";
import {
  accountDigitsText,
  bankOf,
  type PayoutDraft,
  PHILIPPINE_BANKS,
  PHILIPPINE_E_WALLETS,
  payoutSchema,
} from "./payout.ts";

const valid: PayoutDraft = {
  bank: "BPI",
  accountName: "Ma. Cristina Dela Cruz-Santos",
  accountNumber: "1234567890",
};

const errorsOf = (values: unknown) => fieldErrors(payoutSchema, values);

describe("bank list", () => {
  it("holds every bank with a distinct short code and label, the first twenty as first sent", () => {
    const codes = PHILIPPINE_BANKS.map((b) => b.value);
    expect(PHILIPPINE_BANKS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(PHILIPPINE_BANKS.map((b) => b.label)).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2,8}$/);
    expect(codes.slice(0, 20)).toEqual([
      ...["BDO", "BPI", "MBTC", "LBP", "PNB", "SBC", "UBP", "RCBC", "CBC", "EWB", "DBP", "PSB"],
      ...["AUB", "MAYBANK", "CIMB", "PVB", "GOTYME", "MAYA", "TONIK", "SEABANK"],
    ]);
    // Rural, thrift and digital banks are there too.
    expect(bankOf("CARDBANK")?.label).toBe("CARD Bank");
    expect(bankOf("OFBANK")?.label).toBe("Overseas Filipino Bank (OFBank)");
    // An e-wallet's code is not a bank, so a bank transfer cannot name one.
    for (const wallet of PHILIPPINE_E_WALLETS) expect(bankOf(wallet.value)).toBeNull();
  });

  it("says how many digits an account number has", () => {
    expect(accountDigitsText(bankOf("BPI"))).toBe("10");
    expect(accountDigitsText(bankOf("BDO"))).toBe("10 or 12");
    expect(accountDigitsText(bankOf("GOTYME"))).toBe("10 to 16");
    expect(accountDigitsText(null)).toBe("10 to 16");
    expect(bankOf("XYZ")).toBeNull();
  });
});

describe("payout", () => {
  it("accepts a bank, a name and an account number", () => {
    expect(errorsOf(valid)).toEqual({});
    expect(errorsOf({ ...valid, accountName: "Seán O'Brien, Jr." })).toEqual({});
  });

  it("gives every required message at once", () => {
    expect(errorsOf({})).toEqual({
      bank: "Please provide Bank",
      accountName: "Please provide Account name",
      accountNumber: "Please provide Account number",
    });
    expect(errorsOf({ ...valid, accountName: "   " }).accountName).toBe(
      "Please provide Account name",
    );
  });

  it("refuses a bank not on the list", () => {
    expect(errorsOf({ ...valid, bank: "Bank of Nowhere" }).bank).toBe("Please provide Bank");
  });

  it("refuses other characters in the account name and over 60", () => {
    expect(errorsOf({ ...valid, accountName: "Juan 2nd" }).accountName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, accountName: "Juan <b>" }).accountName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, accountName: "a".repeat(61) }).accountName).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, accountName: "a".repeat(60) })).toEqual({});
  });

  it("wants digits only in the account number", () => {
    expect(errorsOf({ ...valid, accountNumber: "1234-567-890" }).accountNumber).toBe(
      "Please provide a correct Account number",
    );
    expect(errorsOf({ ...valid, accountNumber: "12345 67890" }).accountNumber).toBe(
      "Please provide a correct Account number",
    );
  });

  it("checks the length the chosen bank uses", () => {
    expect(errorsOf({ ...valid, accountNumber: "12345678901" }).accountNumber).toBe(
      "Account number should be 10 digits",
    );
    expect(errorsOf({ ...valid, bank: "BDO", accountNumber: "12345678901" }).accountNumber).toBe(
      "Account number should be 10 or 12 digits",
    );
    expect(errorsOf({ ...valid, bank: "BDO", accountNumber: "123456789012" })).toEqual({});
    expect(errorsOf({ ...valid, bank: "MBTC", accountNumber: "1234567890123" })).toEqual({});
    expect(errorsOf({ ...valid, bank: "UBP", accountNumber: "1234567890" }).accountNumber).toBe(
      "Account number should be 12 digits",
    );
  });

  it("takes 10 to 16 digits where the bank's length is not listed, or no bank is chosen", () => {
    expect(errorsOf({ ...valid, bank: "MAYA", accountNumber: "123456789" }).accountNumber).toBe(
      "Account number should be 10 to 16 digits",
    );
    expect(
      errorsOf({ ...valid, bank: "MAYA", accountNumber: "12345678901234567" }).accountNumber,
    ).toBe("Account number should be 10 to 16 digits");
    expect(errorsOf({ ...valid, bank: "MAYA", accountNumber: "1234567890123456" })).toEqual({});
    expect(errorsOf({ ...valid, bank: "", accountNumber: "123" })).toEqual({
      bank: "Please provide Bank",
      accountNumber: "Account number should be 10 to 16 digits",
    });
  });
});

describe("payout to an e-wallet", () => {
  const gcash: PayoutDraft = {
    method: "gcash",
    accountName: "Ma. Cristina Dela Cruz-Santos",
    accountNumber: "9171234567",
  };

  it("takes the wallet's mobile number and the name as registered, and no bank", () => {
    expect(errorsOf(gcash)).toEqual({});
    expect(errorsOf({ ...gcash, method: "maya" })).toEqual({});
  });

  it("asks for the mobile number and the name, and checks the number as a mobile number", () => {
    expect(errorsOf({ method: "gcash" })).toEqual({
      accountName: "Please provide Account name",
      accountNumber: "Please provide the e-wallet's mobile number",
    });
    expect(errorsOf({ ...gcash, accountNumber: "8171234567" }).accountNumber).toBe(
      "Please provide a correct Mobile Number",
    );
    expect(errorsOf({ ...gcash, accountNumber: "917123456" }).accountNumber).toBe(
      "Please provide a correct Mobile Number",
    );
    expect(errorsOf({ ...gcash, accountName: "Juan 2nd" }).accountName).toBe(
      "Special characters not allowed",
    );
  });

  it("refuses a method that is not offered", () => {
    expect(errorsOf({ ...gcash, method: "coins" }).method).toEqual(expect.any(String));
  });

  it("reads an answer kept before the choice existed as a bank transfer", () => {
    const kept = payoutSchema.parse(valid);
    expect(kept.method).toBe("bank");
  });
});
