import { describe, expect, it } from "vitest";
import { mariaStartForm } from "./fixtures/claim-fixtures.ts";
import { fieldErrors } from "./fixtures/field-errors.ts";
import {
  emptyPublicStartForm,
  loggedInStartFormSchema,
  type PublicStartFormDraft,
  publicStartFormSchema,
  toStep1,
} from "./start-form.ts";

const valid: PublicStartFormDraft = mariaStartForm;

const errorsOf = (values: unknown) => fieldErrors(publicStartFormSchema, values);

describe("public start form", () => {
  it("accepts a complete form", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("gives every required message at once on an empty submit", () => {
    expect(errorsOf({ ...emptyPublicStartForm })).toEqual({
      firstName: "Please provide First Name",
      middleName: "Please provide Middle Initial",
      lastName: "Please provide Last Name",
      dateOfBirth: "Please provide Date Of Birth",
      phoneNumber: "Please provide Mobile number",
      emailAddress: "Please provide Email Address",
      homeAddress: "Please provide Home Address",
      citizenship: "Please provide Country of citizenship",
      countryResident: "Please provide owner's country of residence",
      policyType: "Please provide Type of policies",
    });
  });

  it("refuses an e-mail address whose domain has no dot and ending, which could never be delivered", () => {
    for (const emailAddress of ["luisa.delacruz@gmail", "luisa@localhost", "luisa@gmail.c"]) {
      expect(errorsOf({ ...valid, emailAddress }).emailAddress, emailAddress).toBe(
        "Please provide a correct Email Address",
      );
    }
    for (const emailAddress of ["luisa.delacruz@gmail.com", "ana@up.edu.ph", "jo@mail.co"]) {
      expect(errorsOf({ ...valid, emailAddress }).emailAddress, emailAddress).toBeUndefined();
    }
  });

  it("treats a name of spaces only as missing", () => {
    expect(errorsOf({ ...valid, firstName: "   " }).firstName).toBe("Please provide First Name");
  });

  it.each(["firstName", "middleName", "lastName"])(
    "refuses special characters and over 30 in %s",
    (field) => {
      expect(errorsOf({ ...valid, [field]: "Ana-Marie" })[field]).toBe(
        "Special characters not allowed",
      );
      expect(errorsOf({ ...valid, [field]: "A".repeat(31) })[field]).toBe(
        "Exceeds the maximum length",
      );
      expect(errorsOf({ ...valid, [field]: "A".repeat(30) })[field]).toBeUndefined();
    },
  );

  it("keeps the suffix optional, without < or >, at most 6", () => {
    expect(errorsOf({ ...valid, suffix: "" }).suffix).toBeUndefined();
    expect(errorsOf({ ...valid, suffix: "Jr." }).suffix).toBeUndefined();
    expect(errorsOf({ ...valid, suffix: "<b>" }).suffix).toBe("Special characters not allowed");
    expect(errorsOf({ ...valid, suffix: "1234567" }).suffix).toBe("Exceeds the maximum length");
  });

  it("wants exactly 10 digits for the mobile number", () => {
    expect(errorsOf({ ...valid, phoneNumber: "917123456" }).phoneNumber).toBe(
      "Please provide a correct Mobile Number",
    );
    expect(errorsOf({ ...valid, phoneNumber: "91712345678" }).phoneNumber).toBe(
      "Please provide a correct Mobile Number",
    );
    expect(errorsOf({ ...valid, phoneNumber: "917123456a" }).phoneNumber).toBe(
      "Please provide a correct Mobile Number",
    );
  });

  it("wants a Philippine mobile number: 9 and nine more digits", () => {
    for (const phoneNumber of ["0000000000", "2123456789", "1234567890"]) {
      expect(errorsOf({ ...valid, phoneNumber }).phoneNumber, phoneNumber).toBe(
        "Please provide a correct Mobile Number",
      );
    }
    expect(errorsOf({ ...valid, phoneNumber: "9998887777" })).toEqual({});
  });

  it("checks the email pattern and length", () => {
    expect(errorsOf({ ...valid, emailAddress: "maria@" }).emailAddress).toBe(
      "Please provide a correct Email Address",
    );
    expect(errorsOf({ ...valid, emailAddress: `${"a".repeat(96)}@x.ph` }).emailAddress).toBe(
      "Exceeds the maximum length",
    );
  });

  it("refuses < and > and over 100 in the home address", () => {
    expect(errorsOf({ ...valid, homeAddress: "<script>" }).homeAddress).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, homeAddress: "a".repeat(101) }).homeAddress).toBe(
      "Exceeds the maximum length",
    );
  });

  it("refuses a date of birth after today or that is not a date", () => {
    expect(errorsOf({ ...valid, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe(
      "Date of birth cannot be later than today",
    );
    expect(errorsOf({ ...valid, dateOfBirth: "1980-02-30" }).dateOfBirth).toBe(
      "Please enter the date as DD MMM YYYY",
    );
  });

  it("needs the company name for Corporate only", () => {
    expect(errorsOf({ ...valid, policyType: "Corporate" }).companyOther).toBe(
      "Please provide Company name",
    );
    expect(
      errorsOf({ ...valid, policyType: "Corporate", companyOther: "A".repeat(31) }).companyOther,
    ).toBe("Exceeds the maximum length");
    expect(
      errorsOf({ ...valid, policyType: "Corporate", companyOther: "<Acme>" }).companyOther,
    ).toBe("Special characters not allowed");
    expect(
      errorsOf({ ...valid, policyType: "Individual", companyOther: "" }).companyOther,
    ).toBeUndefined();
  });

  it("wants the China statement agreed when citizenship or residence is China, even beside other errors", () => {
    const china = { label: "China", value: "CN" };
    const message = "Please make sure to agree on the terms and conditions in order to proceed.";
    expect(errorsOf({ ...valid, citizenship: china }).mainlandChinaStatement).toBe(message);
    expect(errorsOf({ ...valid, countryResident: china }).mainlandChinaStatement).toBe(message);
    expect(errorsOf({ ...valid, countryResident: china, mainlandChinaStatement: "Y" })).toEqual({});
    expect(errorsOf({ ...valid, firstName: "", citizenship: china }).mainlandChinaStatement).toBe(
      message,
    );
  });

  it("checks a policy number when present", () => {
    expect(errorsOf({ ...valid, policyNumber: "12345" }).policyNumber).toBe("Length should be 10");
    expect(errorsOf({ ...valid, policyNumber: "1234567890" }).policyNumber).toBeUndefined();
  });

  it("does not want a middle name when No middle name is ticked, and keeps none in step1", () => {
    expect(errorsOf({ ...valid, middleName: "" }).middleName).toBe("Please provide Middle Initial");
    expect(errorsOf({ ...valid, middleName: "Ma." }).middleName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, middleName: "A".repeat(31) }).middleName).toBe(
      "Exceeds the maximum length",
    );
    expect(errorsOf({ ...valid, middleName: "", noMiddleName: true })).toEqual({});
    // A name typed before ticking is neither checked nor kept.
    const ticked = publicStartFormSchema.parse({ ...valid, middleName: "S.", noMiddleName: true });
    expect(toStep1(ticked)).toMatchObject({ middleName: "", noMiddleName: true });
    expect(publicStartFormSchema.parse(valid).noMiddleName).toBe(false);
  });

  it("refuses the dot and hyphen of Ma. Luisa and Dela Cruz-Santos, and takes them written with spaces", () => {
    expect(errorsOf({ ...valid, firstName: "Ma. Luisa" }).firstName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, lastName: "Dela Cruz-Santos" }).lastName).toBe(
      "Special characters not allowed",
    );
    expect(errorsOf({ ...valid, firstName: "Ma Luisa", lastName: "Dela Cruz Santos" })).toEqual({});
  });

  it("drops keys the form does not have", () => {
    const result = publicStartFormSchema.safeParse({ ...valid, isAdmin: true });
    expect(result.success && "isAdmin" in result.data).toBe(false);
  });

  it("stores Corporate with the Others company and clears the name for Individual", () => {
    const corporate = publicStartFormSchema.parse({
      ...valid,
      policyType: "Corporate",
      companyOther: "Acme",
    });
    expect(toStep1(corporate)).toMatchObject({
      company: { label: "Others", value: "Others" },
      companyOther: "Acme",
    });
    const individual = publicStartFormSchema.parse({ ...valid, companyOther: "Acme" });
    expect(toStep1(individual)).toMatchObject({ company: null, companyOther: "" });
  });
});

describe("logged-in start form", () => {
  const base = {
    citizenship: { label: "Philippines", value: "PH" },
    countryResident: { label: "Philippines", value: "PH" },
  };
  const errors = (values: unknown) => fieldErrors(loggedInStartFormSchema, values);

  it("needs a 10-digit policy number", () => {
    expect(errors({ ...base, policyNumber: "" }).policyNumber).toBe("Please select Policy Number");
    expect(errors({ ...base, policyNumber: "123" }).policyNumber).toBe("Length should be 10");
    expect(errors({ ...base, policyNumber: "1234567890" })).toEqual({});
  });

  it("applies the China rule", () => {
    expect(
      errors({ ...base, policyNumber: "1234567890", citizenship: { label: "China", value: "CN" } }),
    ).toEqual({
      mainlandChinaStatement:
        "Please make sure to agree on the terms and conditions in order to proceed.",
    });
  });
});
