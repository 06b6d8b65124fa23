import * as z from "zod/mini";
import { CLAIM_STATUSES } from "./claim-lifecycle.ts";
import { hasUnsavableCharacters } from "./free-text.ts";
import {
  idInput,
  queryText,
  ROUTE_INPUT_MESSAGES,
  webReferenceInput,
  wholeNumberInput,
} from "./route-inputs.ts";
import { STAFF_PASSWORD_LENGTH, STAFF_ROLES } from "./staff-roles.ts";

// What each console call accepts in its path, query and body (docs/decisions/0072). Each check says
// the rule it enforces; a check left unworded is worded, with its field and rule, when the server
// parses (the console's one 400 shape names field, rule and message).

/** The console's own words for its fields; the English defaults, in one place. */
export const CONSOLE_REQUEST_MESSAGES = {
  badSignInEmail: "Enter your e-mail address (at most 254 characters, no control characters).",
  badSignInBody: "Send the e-mail address and the password.",
  badSignInPassword: `Enter your password (at most ${STAFF_PASSWORD_LENGTH.max} characters).`,
  badEmail: "Enter an e-mail address like name@insurer.com.ph.",
  badName: "Enter the person's name.",
  badRole: "Choose examiner, supervisor, content-editor or administrator.",
  badDisabled: "Send disabled as true or false.",
  badAssignee: "Send the id of a staff account, or null to take the claim back.",
  emptyText: "Write at least one character.",
  tooLong: (max: number) => `Use at most ${max} characters.`,
  badAccept: "Send accept as true, or as false with a reason.",
  badCurrentPassword: `Enter your current password (at most ${STAFF_PASSWORD_LENGTH.max} characters).`,
  badNewPassword: `Use ${STAFF_PASSWORD_LENGTH.min} to ${STAFF_PASSWORD_LENGTH.max} characters for the new password.`,
  samePassword: "Choose a new password that is not your current one.",
  badVersion: "Send the version you read (a whole number from 1), or null for a new company.",
  badCompany: "Send the company's configuration as an object.",
} as const;

const M = CONSOLE_REQUEST_MESSAGES;
const unsavable = {
  error: ROUTE_INPUT_MESSAGES.unsavable,
  params: { rule: "text" },
} as const;

/** Free text a person writes: trimmed, not empty, at most `max` characters, storable. */
export const writtenText = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1, M.emptyText),
    z.maxLength(max, M.tooLong(max)),
    z.refine((value) => !hasUnsavableCharacters(value), unsavable),
  );

/** The password step; a body that is not an object at all is told what to send. */
export const signInBody = z.prefault(
  z.object(
    {
      email: z.string(M.badSignInEmail).check(
        z.trim(),
        z.minLength(1, M.badSignInEmail),
        z.maxLength(254, M.badSignInEmail),
        z.refine((value) => !hasUnsavableCharacters(value), {
          error: M.badSignInEmail,
          params: { rule: "text" },
        }),
      ),
      password: z
        .string(M.badSignInPassword)
        .check(
          z.minLength(1, M.badSignInPassword),
          z.maxLength(STAFF_PASSWORD_LENGTH.max, M.badSignInPassword),
        ),
    },
    M.badSignInBody,
  ),
  {} as { email: string; password: string },
);

/** The code step: any body is taken, a malformed code counts as a wrong one (and is throttled). */
export const signInCodeBody = z.catch(
  z.object({
    code: z.pipe(
      z.string().check(z.maxLength(12)),
      z.transform((code) => code.replace(/\s/g, "")),
    ),
  }),
  { code: "" },
);

export const newStaffBody = z.strictObject({
  email: z
    .string(M.badEmail)
    .check(
      z.trim(),
      z.maxLength(254, M.badEmail),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, M.badEmail),
    ),
  name: z.string(M.badName).check(z.trim(), z.minLength(1, M.badName), z.maxLength(120, M.badName)),
  role: z.enum(STAFF_ROLES, M.badRole),
});

/** A member's own new password: the staff password's length, and not the current one again. */
export const ownPasswordBody = z
  .strictObject({
    currentPassword: z
      .string(M.badCurrentPassword)
      .check(
        z.minLength(1, M.badCurrentPassword),
        z.maxLength(STAFF_PASSWORD_LENGTH.max, M.badCurrentPassword),
      ),
    newPassword: z
      .string(M.badNewPassword)
      .check(
        z.minLength(STAFF_PASSWORD_LENGTH.min, M.badNewPassword),
        z.maxLength(STAFF_PASSWORD_LENGTH.max, M.badNewPassword),
      ),
  })
  .check(
    z.refine((body) => body.newPassword !== body.currentPassword, {
      error: M.samePassword,
      path: ["newPassword"],
      params: { rule: "not-current" },
    }),
  );

export const disabledBody = z.strictObject({ disabled: z.boolean(M.badDisabled) });
export const assignmentBody = z.strictObject({ staffId: z.nullable(z.uuid(M.badAssignee)) });
export const noteBody = z.strictObject({ body: writtenText(4000) });
export const decideBody = z.union(
  [
    z.strictObject({ accept: z.literal(true, M.badAccept) }),
    z.strictObject({ accept: z.literal(false, M.badAccept), reason: writtenText(500) }),
  ],
  M.badAccept,
);

/** Nothing to send: an empty object, or no body at all. */
export const emptyBody = z.optional(z.strictObject({}));

export const auditQuery = z.object({
  claim: z.optional(queryText(40)),
  before: z.optional(wholeNumberInput(1, Number.MAX_SAFE_INTEGER)),
});

/** The queue's filters: each in its form, or 400 naming it (a NUL would reach the search). */
/** The last page of the queue one may ask for. */
export const QUEUE_MAX_PAGE = 10_000;

export const queueQuery = z.object({
  status: z.optional(z.enum(CLAIM_STATUSES, ROUTE_INPUT_MESSAGES.unknownStatus)),
  type: z.optional(z.enum(["Death", "Living"], ROUTE_INPUT_MESSAGES.oneOf(["Death", "Living"]))),
  assigned: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => value === "mine" || value === "unassigned" || idInput.safeParse(value).success,
          ROUTE_INPUT_MESSAGES.badAssignee,
        ),
      ),
  ),
  q: z.optional(queryText(100)),
  page: z.optional(wholeNumberInput(1, QUEUE_MAX_PAGE)),
});
export type QueueFilters = z.output<typeof queueQuery>;

export const documentQuery = z.object({ download: z.optional(z.string()) });

export const claimParams = z.object({ ref: webReferenceInput });
export const claimItemParams = z.object({ ref: webReferenceInput, id: idInput });
export const staffParams = z.object({ id: idInput });

/**
 * A company's whole configuration, checked with the whole set by the server (company-config.ts);
 * version is the one read (null: a new company), so a change made meanwhile is not overwritten.
 */
export const companyBody = z.object({
  version: z.nullable(z.int(M.badVersion).check(z.gte(1, M.badVersion))),
  config: z.record(z.string(), z.unknown(), M.badCompany),
});
