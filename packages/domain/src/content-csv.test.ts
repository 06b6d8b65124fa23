import { describe, expect, it } from "vitest";
import { contentCsv, parseCsv, readContentCsv } from "./content-csv.ts";

const ENGLISH = {
  "claimDetails.title": "Claim details",
  "otp.sent": "Sent to {mobileNumber}",
  "messages.wrongOtp": "You have entered a wrong OTP",
};
const FIL = { "claimDetails.title": "Detalye ng claim", "otp.sent": "Ipinadala sa {mobileNumber}" };

describe("the translators' CSV", () => {
  it("has one row per key with English and each locale side by side, and reads back", () => {
    const file = contentCsv(ENGLISH, [{ locale: "fil", texts: FIL }]);
    expect(parseCsv(file)).toEqual([
      ["key", "English", "fil"],
      ["claimDetails.title", "Claim details", "Detalye ng claim"],
      ["messages.wrongOtp", "You have entered a wrong OTP", ""],
      ["otp.sent", "Sent to {mobileNumber}", "Ipinadala sa {mobileNumber}"],
    ]);
    expect(readContentCsv(ENGLISH, file, [{ locale: "fil", texts: FIL }])).toEqual({
      changes: {},
    });
  });

  it("reads quotes, commas and line breaks, and gives the changed cells per locale", () => {
    const file =
      'key,English,fil\r\nclaimDetails.title,x,"Ano, ""po"",\nnangyari"\r\nmessages.wrongOtp,x,Mali ang OTP\r\n';
    expect(readContentCsv(ENGLISH, file, [{ locale: "fil", texts: FIL }])).toEqual({
      changes: {
        fil: { "claimDetails.title": 'Ano, "po",\nnangyari', "messages.wrongOtp": "Mali ang OTP" },
      },
    });
  });

  it("refuses unknown keys, slot mismatches and unknown locales with their row numbers", () => {
    const file = "key,English,fil,xx\nnope.key,x,y,\notp.sent,x,Ipinadala,\n";
    expect(readContentCsv(ENGLISH, file, [{ locale: "fil", texts: FIL }])).toEqual({
      problems: [
        { row: 1, column: "xx", key: "", problem: "locale" },
        { row: 2, column: "key", key: "nope.key", problem: "unknown" },
        { row: 3, column: "fil", key: "otp.sent", problem: "slots" },
      ],
    });
  });

  it("refuses a file without the heading row", () => {
    expect(readContentCsv(ENGLISH, "a,b\n", [])).toEqual({
      problems: [{ row: 1, column: "key", key: "", problem: "heading" }],
    });
  });
});
