import * as z from "zod/mini";
import { FIELD_LIMITS, PHILIPPINE_MOBILE_NUMBER } from "./constants.ts";
import { isIsoDate, todayInManila } from "./dates.ts";
import { freeText } from "./free-text.ts";
import { DECIDED_MESSAGES, FIELD_MESSAGES as M } from "./messages.ts";
import {
  emptyPublicStartForm,
  type FieldError,
  isMainlandChina,
  type Option,
} from "./start-form-values.ts";

// What the widget's start step needs before any check runs lives in start-form-values.ts, without
// zod, so the schemas below load only when a form is checked.
export {
  emptyPublicStartForm,
  type FieldError,
  firstErrorPerField,
  isMainlandChina,
  type Option,
  toStep1,
  type YesOrEmpty,
} from "./start-form-values.ts";

// The Step 1 start forms (section 5). Validation runs on submit only; the first issue of a field
// is the message shown beneath it.

/** Country option values are ISO 3166-1 alpha-2 codes. */
export const USA = "US";

/** Letters (any script, so Peña and Niño pass), digits and spaces. */
export const NAME_PATTERN = /^[\p{L}\p{M}0-9 ]*$/u;
export const NO_ANGLE_BRACKETS = /^[^<>]*$/;
/** The WHATWG pattern behind <input type="email">. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** A domain an e-mail can reach: at least one dot and an ending of two letters or more (".ph", ".com"). */
const DELIVERABLE_EMAIL_DOMAIN = /@(?:[^@.]+\.)+[A-Za-z]{2,}$/;
const POLICY_NUMBER = new RegExp(`^\\d{${FIELD_LIMITS.policyNumber}}$`);

// No check aborts: an aborting issue would skip the cross-field rules, and a submit shows every message at once.
export const required = (message: string) =>
  z.refine<string>((value) => value.trim().length > 0, { message });

const personName = (field: "firstName" | "lastName", requiredMessage: string) =>
  freeText(field, { error: requiredMessage }).check(
    required(requiredMessage),
    z.regex(NAME_PATTERN, M.specialCharacters),
    z.maxLength(FIELD_LIMITS.name, M.tooLong),
  );

/**
 * The middle name's message, or null: required and a name unless "No middle name" is ticked
 * (the person fields' noMiddleName flag, section 3), when whatever it still holds is not sent.
 */
export function middleNameIssue(middleName: unknown, noMiddleName: unknown): string | null {
  if (noMiddleName === true) return null;
  const name = typeof middleName === "string" ? middleName : "";
  if (!name.trim()) return M.middleNameRequired;
  if (!NAME_PATTERN.test(name)) return M.specialCharacters;
  if (name.length > FIELD_LIMITS.name) return M.tooLong;
  return null;
}

/** The middle name and its flag in a form: the rule runs with the cross-field rules. */
export const middleNameFields = {
  middleName: z._default(freeText("middleName", { error: M.middleNameRequired }), ""),
  noMiddleName: z._default(z.boolean(), false),
};

export const option = (requiredMessage: string) =>
  z.nullable(z.object({ label: z.string(), value: z.string() }, { error: requiredMessage })).check(
    z.refine<Option | null>((value) => value !== null && value.value !== "", {
      message: requiredMessage,
    }),
  );

export const yesOrEmpty = z._default(z.enum(["Y", ""]), "");

const dateOfBirth = z.string({ error: M.dateOfBirthRequired }).check(
  required(M.dateOfBirthRequired),
  z.refine<string>(isIsoDate, DECIDED_MESSAGES.dateInvalid),
  z.refine<string>((iso) => iso <= todayInManila(), DECIDED_MESSAGES.dateOfBirthInFuture),
);

const countryFields = {
  citizenship: option(M.citizenshipRequired),
  countryResident: option(M.countryResidentRequired),
  mainlandChinaStatement: yesOrEmpty,
  marketingCampaignsConsent: yesOrEmpty,
  financialServicesConsent: yesOrEmpty,
};

type CrossFieldInput = {
  middleName?: unknown;
  noMiddleName?: unknown;
  citizenship?: Option | null;
  countryResident?: Option | null;
  mainlandChinaStatement?: string;
  policyType?: string;
  companyOther?: string;
  policyNumber?: string | undefined;
};

/**
 * Rules that read more than one field. They run even when other fields failed, so a submit shows
 * every message at once; the input may therefore be partly invalid.
 */
function crossFieldIssues(values: CrossFieldInput): FieldError[] {
  const issues: FieldError[] = [];
  // The logged-in form has no names: its policy record carries them.
  if ("middleName" in values) {
    const middleName = middleNameIssue(values.middleName, values.noMiddleName);
    if (middleName) issues.push({ field: "middleName", message: middleName });
  }
  if (
    isMainlandChina(values.citizenship, values.countryResident) &&
    values.mainlandChinaStatement !== "Y"
  ) {
    issues.push({ field: "mainlandChinaStatement", message: M.mainlandChinaStatementRequired });
  }
  if (values.policyType === "Corporate") {
    const name = typeof values.companyOther === "string" ? values.companyOther : "";
    const message = !name.trim()
      ? M.companyNameRequired
      : name.length > FIELD_LIMITS.companyName
        ? M.tooLong
        : !NO_ANGLE_BRACKETS.test(name)
          ? M.specialCharacters
          : null;
    if (message) issues.push({ field: "companyOther", message });
  }
  if (
    typeof values.policyNumber === "string" &&
    values.policyNumber !== "" &&
    !POLICY_NUMBER.test(values.policyNumber)
  ) {
    issues.push({ field: "policyNumber", message: M.policyNumberLength });
  }
  return issues;
}

const crossFieldCheck = z.superRefine<CrossFieldInput>(
  (values, ctx) => {
    for (const { field, message } of crossFieldIssues(values)) {
      ctx.issues.push({ code: "custom", message, path: [field], input: values });
    }
  },
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);

export const publicStartFormSchema = z
  .object({
    firstName: personName("firstName", M.firstNameRequired),
    ...middleNameFields,
    lastName: personName("lastName", M.lastNameRequired),
    suffix: z._default(
      freeText("suffix").check(
        z.regex(NO_ANGLE_BRACKETS, M.specialCharacters),
        z.maxLength(FIELD_LIMITS.suffix, M.tooLong),
      ),
      "",
    ),
    dateOfBirth,
    phoneNumber: z
      .string({ error: M.mobileRequired })
      .check(required(M.mobileRequired), z.regex(PHILIPPINE_MOBILE_NUMBER, M.mobileInvalid)),
    emailAddress: z.string({ error: M.emailRequired }).check(
      required(M.emailRequired),
      z.maxLength(FIELD_LIMITS.email, M.tooLong),
      z.regex(EMAIL_PATTERN, M.emailInvalid),
      // The WHATWG pattern takes "luisa@gmail", whose acknowledgment could never be delivered.
      z.regex(DELIVERABLE_EMAIL_DOMAIN, M.emailInvalid),
    ),
    homeAddress: freeText("homeAddress", { error: M.homeAddressRequired }).check(
      required(M.homeAddressRequired),
      z.regex(NO_ANGLE_BRACKETS, M.specialCharacters),
      z.maxLength(FIELD_LIMITS.address, M.tooLong),
    ),
    ...countryFields,
    // "" is what the form holds before a choice; it is refused with the required message.
    policyType: z
      .enum(["Individual", "Corporate", ""], { error: M.policyTypeRequired })
      .check(z.refine<string>((value) => value !== "", M.policyTypeRequired)),
    company: z._default(z.nullable(z.object({ label: z.string(), value: z.string() })), null),
    companyOther: z._default(freeText("companyOther"), ""),
    policyNumber: z.optional(z.string()),
  })
  .check(crossFieldCheck);

export type PublicStartForm = z.infer<typeof publicStartFormSchema>;

/** What the form holds before it is valid: every field may still be empty. */
export type PublicStartFormDraft = z.input<typeof publicStartFormSchema>;

// The empty form of start-form-values.ts must stay a draft of this schema: a type error here says not.
void (emptyPublicStartForm satisfies PublicStartFormDraft);

export const loggedInStartFormSchema = z
  .object({
    policyNumber: z
      .string({ error: M.policyNumberRequired })
      .check(required(M.policyNumberRequired), z.regex(POLICY_NUMBER, M.policyNumberLength)),
    ...countryFields,
  })
  .check(crossFieldCheck);
