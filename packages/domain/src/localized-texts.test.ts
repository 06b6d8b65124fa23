import { describe, expect, test } from "vitest";
import {
  catalogueProblems,
  defineTexts,
  featureOf,
  fill,
  localize,
  slotsOf,
} from "./localized-texts.ts";

const OTP = defineTexts("otp", {
  title: "Verify your mobile number",
  codeIntro: "Enter the 6-digit code we sent to {prefix} {mobileNumber}.",
});

describe("keyed texts", () => {
  test("English is the default; a catalogue replaces the keys it has, by feature and key", () => {
    expect(featureOf(OTP)).toBe("otp");
    expect(localize(OTP, null)).toBe(OTP);
    const fil = { "otp.title": "I-verify ang iyong mobile number" };
    const texts = localize(OTP, fil);
    expect(texts.title).toBe("I-verify ang iyong mobile number");
    expect(texts.codeIntro).toBe(OTP.codeIntro);
    expect(localize(OTP, fil)).toBe(texts);
  });

  test("templates fill their slots; an unknown slot stays visible", () => {
    expect(fill(OTP.codeIntro, { prefix: "+63", mobileNumber: "9171234567" })).toBe(
      "Enter the 6-digit code we sent to +63 9171234567.",
    );
    expect(fill("Hi {name}, {missing}", { name: "Maria" })).toBe("Hi Maria, {missing}");
    expect(slotsOf("{b} and {a} and {b}")).toEqual(["a", "b"]);
  });

  test("a catalogue's problems: missing keys, unknown keys and slots that differ from the English", () => {
    expect(
      catalogueProblems([OTP], {
        "otp.codeIntro": "Ilagay ang code na ipinadala sa {prefix}.",
        "otp.old": "Luma",
      }),
    ).toEqual([
      {
        key: "otp.codeIntro",
        problem: "slots",
        expected: ["mobileNumber", "prefix"],
        found: ["prefix"],
      },
      { key: "otp.old", problem: "unknown" },
      { key: "otp.title", problem: "missing" },
    ]);
  });

  test("a feature name that cannot be a catalogue key is refused", () => {
    expect(() => defineTexts("Bad name", {})).toThrow('Bad texts feature name "Bad name".');
  });
});
