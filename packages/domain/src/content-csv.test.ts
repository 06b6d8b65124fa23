import { describe, expect, it } from "vitest";
import { contentCsv, readContentRows } from "./content-csv.ts";

const ENGLISH = {
  "claimDetails.title": "Claim details",
  "otp.sent": "Sent to {mobileNumber}",
  "messages.wrongOtp": "You have entered a wrong OTP",
};
const FIL = { "claimDetails.title": "Detalye ng claim", "otp.sent": "Ipinadala sa {mobileNumber}" };
const CURRENT = [{ locale: "fil", texts: FIL }];

// The file's fields are read by the server (csv-parse); these are the rules that read its rows.

describe("the translators' CSV", () => {
  it("has one row per key with English and each locale side by side, fields quoted as needed", () => {
    const file = contentCsv({ ...ENGLISH, "otp.sent": 'Sent, "now", to\n{mobileNumber}' }, [
      { locale: "fil", texts: FIL },
    ]);
    expect(file.replace(/^\ufeff/, "").split("\r\n")).toEqual([
      "key,English,fil",
      "claimDetails.title,Claim details,Detalye ng claim",
      "messages.wrongOtp,You have entered a wrong OTP,",
      'otp.sent,"Sent, ""now"", to\n{mobileNumber}",Ipinadala sa {mobileNumber}',
      "",
    ]);
  });

  it("gives the changed cells per locale; cells as they are, empty ones and empty rows change nothing", () => {
    const rows = [
      ["key", "English", "fil"],
      ["claimDetails.title", "x", 'Ano, "po",\nnangyari'],
      ["messages.wrongOtp", "x", "Mali ang OTP"],
      ["otp.sent", "x", "Ipinadala sa {mobileNumber}"],
      ["", "", ""],
      ["claimDetails.title", "x"],
    ];
    expect(readContentRows(ENGLISH, rows, CURRENT)).toEqual({
      changes: {
        fil: { "claimDetails.title": 'Ano, "po",\nnangyari', "messages.wrongOtp": "Mali ang OTP" },
      },
    });
  });

  it("reads a cell the export guarded against formulas as its text", () => {
    const rows = [
      ["key", "English", "fil"],
      ["messages.wrongOtp", "x", "'=Mali ang OTP"],
    ];
    expect(readContentRows(ENGLISH, rows, CURRENT)).toEqual({
      changes: { fil: { "messages.wrongOtp": "=Mali ang OTP" } },
    });
  });

  it("refuses unknown keys, slot mismatches and unknown locales with their row numbers", () => {
    const rows = [
      ["key", "English", "fil", "xx"],
      ["nope.key", "x", "y", ""],
      ["otp.sent", "x", "Ipinadala", ""],
    ];
    expect(readContentRows(ENGLISH, rows, CURRENT)).toEqual({
      problems: [
        { row: 1, column: "xx", key: "", problem: "locale" },
        { row: 2, column: "key", key: "nope.key", problem: "unknown" },
        { row: 3, column: "fil", key: "otp.sent", problem: "slots" },
      ],
    });
  });

  it("refuses a file without the heading row, and an empty one", () => {
    const heading = { problems: [{ row: 1, column: "key", key: "", problem: "heading" }] };
    expect(readContentRows(ENGLISH, [["a", "b"]], [])).toEqual(heading);
    expect(readContentRows(ENGLISH, [], [])).toEqual(heading);
  });
});
