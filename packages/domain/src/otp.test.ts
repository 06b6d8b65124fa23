import { describe, expect, it } from "vitest";
import {
  keepDigits,
  keepMobileDigits,
  otpCodeSchema,
  otpMobileNumberSchema,
  toInternationalMobile,
} from "./otp.ts";

const message = (value: string) => otpMobileNumberSchema.safeParse(value).error?.issues[0]?.message;

describe("OTP mobile number", () => {
  it("says which rule failed, in the specification's words", () => {
    expect(message("")).toBe("Mobile number is required.");
    expect(message("917123")).toBe("Please provide a correct Mobile number.");
    expect(message("9171234567")).toBeUndefined();
  });

  it("is a Philippine mobile number: 9 and nine more digits", () => {
    for (const number of ["0000000000", "2123456789", "8171234567", "0917123456"]) {
      expect(message(number), number).toBe("Please provide a correct Mobile number.");
    }
    expect(message("9998887777")).toBeUndefined();
  });

  it("keeps digits only, up to the limit", () => {
    expect(keepDigits("917-123 45678", 10)).toBe("9171234567");
    expect(keepDigits("a1", 1)).toBe("1");
  });

  it("drops the country code or trunk 0 people paste with a number", () => {
    expect(keepMobileDigits("+63 917 123 4567")).toBe("9171234567");
    expect(keepMobileDigits("0917-123-4567")).toBe("9171234567");
    expect(keepMobileDigits("917123")).toBe("917123");
    expect(keepMobileDigits("0")).toBe("0");
    expect(keepMobileDigits("91712345678")).toBe("9171234567");
  });

  it("writes the number with the country code", () => {
    expect(toInternationalMobile("9171234567")).toBe("639171234567");
  });
});

describe("OTP code", () => {
  it("is six digits, leading zeros allowed", () => {
    expect(otpCodeSchema.safeParse("012345").success).toBe(true);
    expect(otpCodeSchema.safeParse("12345").success).toBe(false);
    expect(otpCodeSchema.safeParse("12345a").success).toBe(false);
  });
});
