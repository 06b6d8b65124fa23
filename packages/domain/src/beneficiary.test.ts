import { describe, expect, it } from "vitest";
import {
  type BeneficiaryDraft,
  beneficiariesSchema,
  beneficiarySchema,
  emptyBeneficiary,
  isBeneficiaryMainlandChina,
  isMinor,
  isUsPerson,
  needsGuardian,
} from "./beneficiary.ts";
import { anaSpouse, PH, US } from "./fixtures/claim-fixtures.ts";
import { fieldErrors } from "./fixtures/field-errors.ts";

const CN = { label: "China", value: "CN" };

const valid: BeneficiaryDraft = anaSpouse;

const errorsOf = (values: unknown) => fieldErrors(beneficiarySchema, values);

describe("beneficiary", () => {
  it("accepts a complete beneficiary", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("gives every required message at once on an empty form", () => {
    expect(errorsOf(emptyBeneficiary)).toEqual({
      relationship: "Please provide Relationship to the insured",
      honorific: "Please provide Title",
      firstName: "Please provide First Name",
      lastName: "Please provide Last Name",
      dateOfBirth: "Please provide Date Of Birth",
      placeOfBirth: "Please provide Place of birth",
      citizenship: "Please provide Country of citizenship",
      nationality: "Please provide Nationality",
      phoneNumber: "Please provide Mobile number",
      emailAddress: "Please provide Email Address",
      addressLine1: "Please provide Address",
      city: "Please provide City or municipality",
      country: "Please provide Country",
      sex: "Please provide Sex",
      occupation: "Please provide Occupation",
      docVerifyAuthorize: "Please authorize the verification of the documents in order to proceed.",
      middleName: "Please provide Middle Initial",
    });
  });

  it("refuses a value outside the lists", () => {
    expect(errorsOf({ ...valid, relationship: "Friend" }).relationship).toBe(
      "Please provide Relationship to the insured",
    );
    expect(errorsOf({ ...valid, honorific: "Sir" }).honorific).toBe("Please provide Title");
    expect(errorsOf({ ...valid, sex: "X" }).sex).toBe("Please provide Sex");
  });

  it("takes the name, mobile and email rules of the start form", () => {
    expect(errorsOf({ ...valid, firstName: "Ana-Marie" }).firstName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, lastName: "A".repeat(31) }).lastName).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, suffix: "1234567" }).suffix).toBe("Exceeds the maximum length");
    expect(errorsOf({ ...valid, phoneNumber: "918123456" }).phoneNumber).toBe(
      "Please provide a correct Mobile Number",
    );
    expect(errorsOf({ ...valid, emailAddress: "ana@" }).emailAddress).toBe(
      "Please provide a correct Email Address",
    );
    expect(errorsOf({ ...valid, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe(
      "Date of birth cannot be later than today",
    );
  });

  it("does not want a middle name when there is none", () => {
    expect(errorsOf({ ...valid, middleName: "" }).middleName).toBe("Please provide Middle Initial");
    expect(errorsOf({ ...valid, middleName: "", noMiddleName: true })).toEqual({});
    expect(errorsOf({ ...valid, middleName: "R3y#s" }).middleName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, middleName: "A".repeat(31) }).middleName).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, middleName: "R3y#s", noMiddleName: true })).toEqual({});
  });

  it("wants a province, a barangay and a 4-digit zip code in the Philippines only", () => {
    expect(errorsOf({ ...valid, province: "", districtOrBarangay: "", zipCode: "" })).toEqual({
      province: "Please provide Province",
      districtOrBarangay: "Please provide District or barangay",
      zipCode: "Please provide Zip code",
    });
    expect(errorsOf({ ...valid, zipCode: "600" }).zipCode).toBe(
      "Please provide a correct Zip code",
    );
    expect(errorsOf({ ...valid, zipCode: "60001" }).zipCode).toBe(
      "Please provide a correct Zip code",
    );
    const abroad = { ...valid, country: US, province: "", districtOrBarangay: "", zipCode: "" };
    expect(errorsOf(abroad)).toEqual({});
    expect(errorsOf({ ...abroad, zipCode: "90210-1234" })).toEqual({});
    expect(errorsOf({ ...abroad, zipCode: "90210#" }).zipCode).toBe(
      "Please provide a correct Zip code",
    );
    expect(errorsOf({ ...abroad, zipCode: "12345678901" }).zipCode).toBe(
      "Exceeds the maximum length",
    );
  });

  it("refuses < and > and text over its limit", () => {
    expect(errorsOf({ ...valid, addressLine2: "<b>" }).addressLine2).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, addressLine1: "a".repeat(101) }).addressLine1).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, placeOfBirth: "a".repeat(51) }).placeOfBirth).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, employerName: "a".repeat(51) }).employerName).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, positionStatement: "Manager>" }).positionStatement).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, occupation: "   " }).occupation).toBe("Please provide Occupation");
  });

  it("wants the China statement for a citizen, national or resident of China, beside other errors", () => {
    const message = "Please make sure to agree on the terms and conditions in order to proceed.";
    expect(errorsOf({ ...valid, citizenship: CN }).mainlandChinaStatement).toBe(message);
    expect(errorsOf({ ...valid, nationality: CN }).mainlandChinaStatement).toBe(message);
    expect(
      errorsOf({ ...valid, country: CN, province: "", districtOrBarangay: "", zipCode: "" })
        .mainlandChinaStatement,
    ).toBe(message);
    expect(errorsOf({ ...valid, citizenship: CN, mainlandChinaStatement: "Y" })).toEqual({});
    expect(errorsOf({ ...valid, firstName: 42, nationality: CN }).mainlandChinaStatement).toBe(
      message,
    );
    expect(isBeneficiaryMainlandChina({ citizenship: PH, nationality: PH, country: PH })).toBe(
      false,
    );
  });

  it("tells a US citizen or national", () => {
    expect(isUsPerson({ citizenship: US, nationality: PH })).toBe(true);
    expect(isUsPerson({ citizenship: PH, nationality: US })).toBe(true);
    expect(isUsPerson({ citizenship: PH, nationality: PH })).toBe(false);
  });
});

describe("minor", () => {
  it("is under 18 by the insurer's age rule, which rounds up from 183 days", () => {
    expect(isMinor("2010-01-01", "2026-11-22")).toBe(true);
    expect(isMinor("2009-05-24", "2026-11-22")).toBe(true); // 17 years and 182 days
    expect(isMinor("2009-05-23", "2026-11-22")).toBe(false); // 17 years and 183 days: 18
    expect(isMinor("2008-11-22", "2026-11-22")).toBe(false);
    expect(isMinor("", "2026-11-22")).toBe(false);
  });
});

describe("a minor's guardian", () => {
  const minor = {
    ...valid,
    relationship: "Child",
    dateOfBirth: "2015-04-10",
    occupation: "Student",
  };
  const guardian = {
    firstName: "Ana",
    middleName: "",
    lastName: "Santos",
    relationship: "Mother",
    phoneNumber: "9181234567",
    emailAddress: "ana.santos@example.ph",
  };

  it("is asked while the beneficiary is a minor, every field at once", () => {
    expect(errorsOf(minor)).toEqual({
      "guardian.firstName": "Please provide the guardian's first name",
      "guardian.lastName": "Please provide the guardian's last name",
      "guardian.relationship": "Please provide the guardian's relationship to the beneficiary",
      "guardian.phoneNumber": "Please provide the guardian's mobile number",
      "guardian.emailAddress": "Please provide the guardian's email address",
    });
    expect(errorsOf({ ...minor, guardian })).toEqual({});
  });

  it("lets a minor with a guardian leave their own mobile and e-mail empty", () => {
    expect(errorsOf({ ...minor, guardian, phoneNumber: "", emailAddress: "" })).toEqual({});
    expect(errorsOf({ ...minor, guardian, phoneNumber: " ", emailAddress: undefined })).toEqual({});
    // Without a guardian the guardian's fields are asked, not the minor's own.
    const noGuardian = errorsOf({ ...minor, phoneNumber: "", emailAddress: "" });
    expect(noGuardian.phoneNumber).toBeUndefined();
    expect(noGuardian.emailAddress).toBeUndefined();
    expect(noGuardian["guardian.phoneNumber"]).toBe("Please provide the guardian's mobile number");
  });

  it("still checks a minor's own mobile and e-mail when they are given", () => {
    expect(errorsOf({ ...minor, guardian, phoneNumber: "81234567" })).toEqual({
      phoneNumber: "Please provide a correct Mobile Number",
    });
    expect(errorsOf({ ...minor, guardian, emailAddress: "ana@gmail" })).toEqual({
      emailAddress: "Please provide a correct Email Address",
    });
  });

  it("still asks an adult for their own mobile and e-mail", () => {
    expect(errorsOf({ ...valid, phoneNumber: "", emailAddress: "" })).toEqual({
      phoneNumber: "Please provide Mobile number",
      emailAddress: "Please provide Email Address",
    });
  });

  it("is not asked of an adult, whatever the guardian fields still hold", () => {
    expect(errorsOf({ ...valid, guardian: { ...guardian, phoneNumber: "12" } })).toEqual({});
  });

  it("takes the start form's name, mobile and email rules", () => {
    const withGuardian = (change: Partial<typeof guardian>) =>
      errorsOf({ ...minor, guardian: { ...guardian, ...change } });
    expect(withGuardian({ firstName: "Ma. Luisa" })).toEqual({
      "guardian.firstName": "Special characters not allowed",
    });
    expect(withGuardian({ middleName: "Dela-Cruz" })).toEqual({
      "guardian.middleName": "Special characters not allowed",
    });
    expect(withGuardian({ lastName: "A".repeat(31) })).toEqual({
      "guardian.lastName": "Exceeds the maximum length",
    });
    expect(withGuardian({ phoneNumber: "81234567" })).toEqual({
      "guardian.phoneNumber": "Please provide a correct Mobile Number",
    });
    expect(withGuardian({ emailAddress: "ana@gmail" })).toEqual({
      "guardian.emailAddress": "Please provide a correct Email Address",
    });
    expect(withGuardian({ relationship: "Neighbour" })).toEqual({
      "guardian.relationship": "Please provide the guardian's relationship to the beneficiary",
    });
  });

  it("is needed for a valid date of birth that makes a minor today", () => {
    expect(needsGuardian("2015-04-10", "2026-11-22")).toBe(true);
    expect(needsGuardian("1982-07-19", "2026-11-22")).toBe(false);
    expect(needsGuardian("2999-01-01", "2026-11-22")).toBe(false);
    expect(needsGuardian("", "2026-11-22")).toBe(false);
    expect(needsGuardian(undefined, "2026-11-22")).toBe(false);
  });
});

describe("beneficiaries", () => {
  const messages = (values: unknown) => fieldErrors(beneficiariesSchema, values);

  it("wants one to ten", () => {
    expect(messages([])).toEqual({ body: "Please provide at least one beneficiary" });
    expect(messages(Array.from({ length: 11 }, () => valid))).toEqual({
      body: "You can name up to 10 beneficiaries",
    });
    expect(messages(Array.from({ length: 10 }, () => valid))).toEqual({});
  });

  it("names each beneficiary's field by its position", () => {
    expect(messages([valid, { ...valid, zipCode: "1" }])).toEqual({
      "1.zipCode": "Please provide a correct Zip code",
    });
  });
});
