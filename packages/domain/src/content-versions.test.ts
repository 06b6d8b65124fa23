import { describe, expect, it } from "vitest";
import { completenessProblems, effectiveCatalogue, overrideProblems } from "./content-versions.ts";

const ENGLISH = {
  "claim.step2Title": "Claim details",
  "claim.tip": "Sent to {mobileNumber}",
  "messages.wrongOtp": "You have entered a wrong OTP",
};
const FILIPINO_FILE = {
  "claim.step2Title": "Detalye ng claim",
  "claim.tip": "Ipinadala sa {mobileNumber}",
};

describe("the completeness check", () => {
  it("lists every key neither the locale file nor the draft has", () => {
    expect(completenessProblems(ENGLISH, "fil", FILIPINO_FILE, {})).toEqual([
      { key: "messages.wrongOtp", problem: "missing" },
    ]);
  });

  it("counts a key the draft gives as present", () => {
    const draft = { "messages.wrongOtp": "Mali ang OTP" };
    expect(completenessProblems(ENGLISH, "fil", FILIPINO_FILE, draft)).toEqual([]);
  });

  it("lists every key missing in a locale without a file", () => {
    expect(completenessProblems(ENGLISH, "xx", null, { "claim.tip": "T {mobileNumber}" })).toEqual([
      { key: "claim.step2Title", problem: "missing" },
      { key: "messages.wrongOtp", problem: "missing" },
    ]);
  });

  it("refuses a draft text whose slots differ from the English, and an unknown key", () => {
    const draft = { "claim.tip": "Ipinadala", "claim.nothing": "x" };
    expect(completenessProblems(ENGLISH, "fil", FILIPINO_FILE, draft)).toEqual([
      { key: "claim.nothing", problem: "unknown" },
      { key: "claim.tip", problem: "slots", expected: ["mobileNumber"], found: [] },
      { key: "messages.wrongOtp", problem: "missing" },
    ]);
  });

  it("finds English complete by its defaults and checks only its overrides", () => {
    expect(completenessProblems(ENGLISH, "en", null, {})).toEqual([]);
    expect(
      completenessProblems(ENGLISH, "en", null, { "claim.step2Title": "Tell us what happened" }),
    ).toEqual([]);
  });

  it("refuses an English override of the specification's wording", () => {
    const draft = { "messages.wrongOtp": "Wrong code" };
    expect(completenessProblems(ENGLISH, "en", null, draft)).toEqual([
      { key: "messages.wrongOtp", problem: "spec-worded" },
    ]);
  });
});

describe("overrides", () => {
  it("refuses an empty text and lets the same wording of a specified message through", () => {
    expect(
      overrideProblems(ENGLISH, "en", {
        "claim.step2Title": "  ",
        "messages.wrongOtp": "You have entered a wrong OTP",
      }),
    ).toEqual([{ key: "claim.step2Title", problem: "empty" }]);
  });

  it("lets Filipino translate the specification's messages", () => {
    expect(overrideProblems(ENGLISH, "fil", { "messages.wrongOtp": "Mali ang OTP" })).toEqual([]);
  });

  it("layers the overrides over the locale file, leaving the rest to the widget's English", () => {
    const served = effectiveCatalogue(FILIPINO_FILE, {
      "claim.step2Title": "Ano ang nangyari",
    });
    expect(served).toEqual({
      "claim.step2Title": "Ano ang nangyari",
      "claim.tip": "Ipinadala sa {mobileNumber}",
    });
  });
});
