import { describe, expect, it } from "vitest";
import { beneficiarySchema, emptyBeneficiary } from "./beneficiary.ts";
import { requestOneTimePinSchema } from "./claim-api.ts";
import { claimDetailsSchema, emptyClaimDetails } from "./claim-details.ts";
import { fieldErrors } from "./fixtures/field-errors.ts";
import {
  cleanFreeText,
  freeText,
  hasUnsavableCharacters,
  unsavableTextMessage,
} from "./free-text.ts";
import { FREE_TEXT_LABELS } from "./messages.ts";
import { payoutSchema } from "./payout.ts";
import { rateClaimSchema } from "./rating.ts";
import { emptyPublicStartForm, publicStartFormSchema } from "./start-form.ts";

const NUL = "\u0000";
const HIGH_SURROGATE = "\uD83D"; // the first half of 😀 (U+1F600), as text cut inside it leaves it
const LOW_SURROGATE = "\uDE00";
const RLO = "\u202E";
const ZWSP = "\u200B";
const E_ACUTE_DECOMPOSED = "e\u0301"; // é as e + combining acute: NFC makes it U+00E9

const errorsOf = fieldErrors;

describe("hasUnsavableCharacters", () => {
  it("finds NUL, the other C0 controls, DEL and the C1 controls", () => {
    for (const code of [0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      expect(hasUnsavableCharacters(`Quezon${String.fromCharCode(code)}City`), `U+${code}`).toBe(
        true,
      );
    }
  });

  it("finds half of a surrogate pair wherever it is", () => {
    expect(hasUnsavableCharacters(`Fell ${HIGH_SURROGATE}`)).toBe(true);
    expect(hasUnsavableCharacters(`${LOW_SURROGATE} fell`)).toBe(true);
    expect(hasUnsavableCharacters(`${HIGH_SURROGATE}${HIGH_SURROGATE}${LOW_SURROGATE}`)).toBe(true);
    expect(hasUnsavableCharacters(`${LOW_SURROGATE}${HIGH_SURROGATE}`)).toBe(true);
  });

  it("lets ordinary text through: accents, other scripts, emoji, tabs and line breaks", () => {
    for (const text of [
      "Peña",
      "Niño",
      "São Paulo",
      "北京",
      "Fell 😀 hard",
      "a\tb",
      "a\r\nb",
      "",
    ]) {
      expect(hasUnsavableCharacters(text), text).toBe(false);
    }
  });
});

describe("cleanFreeText", () => {
  it("removes bidi overrides, embeddings and isolates", () => {
    expect(cleanFreeText(`abc${RLO}fdp.exe\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069`)).toBe(
      "abcfdp.exe",
    );
  });

  it("removes zero-width characters and the byte-order mark", () => {
    expect(cleanFreeText(`\uFEFFMa${ZWSP}ria\u200C\u200D\u2060`)).toBe("Maria");
  });

  it("normalises to NFC", () => {
    expect(cleanFreeText(`Jos${E_ACUTE_DECOMPOSED}`)).toBe("Jos\u00E9");
  });

  it("makes tabs and line breaks spaces on one line and keeps them over several", () => {
    expect(cleanFreeText("12 Mabini St\r\nQuezon\tCity")).toBe("12 Mabini St Quezon City");
    expect(cleanFreeText("Easy\r\nthanks\rbye\n\tok", "multi")).toBe("Easy\nthanks\nbye\n\tok");
  });

  it("is idempotent", () => {
    const text = `${RLO}Jos${E_ACUTE_DECOMPOSED}\r\n${ZWSP}x`;
    expect(cleanFreeText(cleanFreeText(text))).toBe(cleanFreeText(text));
  });
});

describe("freeText", () => {
  it("refuses with a message that names the field, then cleans what it keeps", () => {
    const homeAddress = freeText("homeAddress");
    expect(homeAddress.safeParse(`12 Mabini${NUL}`).error?.issues[0]?.message).toBe(
      "Home Address has characters that cannot be saved. Please retype it.",
    );
    expect(homeAddress.parse(`12 ${RLO}Mabini${ZWSP} St`)).toBe("12 Mabini St");
  });

  it("has a label for every field it names", () => {
    for (const [field, label] of Object.entries(FREE_TEXT_LABELS)) {
      expect(unsavableTextMessage(field as keyof typeof FREE_TEXT_LABELS)).toBe(
        `${label} has characters that cannot be saved. Please retype it.`,
      );
    }
  });
});

describe("the forms and calls that carry free text", () => {
  const startForm = {
    ...emptyPublicStartForm,
    firstName: "Maria",
    middleName: "S",
    lastName: "Dela Cruz",
    dateOfBirth: "1980-03-05",
    phoneNumber: "9171234567",
    emailAddress: "maria@example.ph",
    homeAddress: "12 Mabini St, Quezon City",
    citizenship: { label: "Philippines", value: "PH" },
    countryResident: { label: "Philippines", value: "PH" },
    policyType: "Individual",
  };

  it("the start form names each field, and keeps the specification's messages before it", () => {
    expect(errorsOf(publicStartFormSchema, { ...startForm, homeAddress: `12${NUL}` })).toEqual({
      homeAddress: "Home Address has characters that cannot be saved. Please retype it.",
    });
    expect(
      errorsOf(publicStartFormSchema, { ...startForm, firstName: `Maria${HIGH_SURROGATE}` }),
    ).toEqual({ firstName: "First Name has characters that cannot be saved. Please retype it." });
    expect(errorsOf(publicStartFormSchema, { ...startForm, firstName: "Maria!" })).toEqual({
      firstName: "Special characters not allowed",
    });
    expect(
      errorsOf(publicStartFormSchema, {
        ...startForm,
        policyType: "Corporate",
        companyOther: `Acme${NUL}`,
      }),
    ).toEqual({
      companyOther: "Company name has characters that cannot be saved. Please retype it.",
    });
  });

  it("the start form keeps the cleaned text, so a zero-width space no longer breaks a name", () => {
    const parsed = publicStartFormSchema.parse({
      ...startForm,
      firstName: `Ma${ZWSP}ria Jos${E_ACUTE_DECOMPOSED}`,
      homeAddress: `${RLO}12 Mabini St`,
    });
    expect(parsed.firstName).toBe("Maria Jos\u00E9");
    expect(parsed.homeAddress).toBe("12 Mabini St");
  });

  it("the claim details name the field and still show every other message", () => {
    const schema = claimDetailsSchema({ dateOfBirth: "1980-03-05", today: "2026-11-22" });
    expect(
      errorsOf(schema, {
        ...emptyClaimDetails,
        claimType: "Living",
        livingSubtype: "AC",
        accidentDate: "2026-10-01",
        accidentPlace: `EDSA${NUL}`,
        injuryDetails: `Fracture${LOW_SURROGATE}`,
        partOfBodyInjured: "",
        accidentResult: "N",
      }),
    ).toEqual({
      accidentPlace: "Place of accident has characters that cannot be saved. Please retype it.",
      injuryDetails: "Injury details has characters that cannot be saved. Please retype it.",
      partOfBodyInjured: "Please provide Part of body injured",
    });
    expect(
      errorsOf(schema, {
        ...emptyClaimDetails,
        claimType: "Death",
        dateOfLoss: "2026-08-15",
        causeOfLoss: `Dengue\u0085`,
        natureOfDeath: "IL",
      }),
    ).toEqual({
      causeOfLoss: "Cause of death has characters that cannot be saved. Please retype it.",
    });
  });

  it("the beneficiary form and the payout name their fields", () => {
    expect(
      errorsOf(beneficiarySchema, { ...emptyBeneficiary, addressLine1: `45 Rizal${NUL}` })
        .addressLine1,
    ).toBe("Address line 1 has characters that cannot be saved. Please retype it.");
    expect(
      errorsOf(payoutSchema, {
        bank: "BPI",
        accountName: `Jose${NUL}`,
        accountNumber: "1234567890",
      }),
    ).toEqual({
      accountName: "Account name has characters that cannot be saved. Please retype it.",
    });
  });

  it("the rating comment keeps its lines and refuses a NUL", () => {
    const rating = {
      basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
      webReferenceNumber: "KLG-ABC123",
      rating: 5,
    };
    expect(errorsOf(rateClaimSchema, { ...rating, comment: `Fast${NUL}` })).toEqual({
      comment: "Your comment has characters that cannot be saved. Please retype it.",
    });
    expect(rateClaimSchema.parse({ ...rating, comment: `Fast\r\nthanks${ZWSP}` }).comment).toBe(
      "Fast\nthanks",
    );
  });

  it("requestOneTimePIN names the first name", () => {
    expect(
      errorsOf(requestOneTimePinSchema, {
        basicInformation: { companyName: "Kalinga Life", channelName: "Corporate Website" },
        webReferenceNumber: "KLG-ABC123",
        countryCode: "63",
        mobileNumber: "9171234567",
        firstName: `Maria${NUL}`,
      }),
    ).toEqual({ firstName: "First Name has characters that cannot be saved. Please retype it." });
  });
});
