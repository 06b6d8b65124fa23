import * as z from "zod/mini";
import { CLAIM_STATUSES, DECISION_OUTCOMES, isClaimStatus } from "./claim-lifecycle.ts";
import { DECISION_MESSAGES, DECISION_REASON_LIMIT, decisionNeedsReason } from "./claim-messages.ts";
import { isIsoDate } from "./dates.ts";
import { hasUnsavableCharacters } from "./free-text.ts";
import { KNOWN_MATCH_CODES } from "./policy-record.ts";
import {
  calendarDateInput,
  dueDateProblem,
  instantInput,
  queryText,
  wholeNumberInput,
} from "./route-inputs.ts";

// What a claim's examiner sends to move it along its lifecycle — a status change, a request for
// requirements, a policy match — the same from the console and the insurer integration API, so the
// two check one body by one rule (docs/decisions/0070).

export const LIFECYCLE_REQUEST_MESSAGES = {
  unsavable: "Contains characters that cannot be stored.",
  unknownStatus: "Not one of the server statuses.",
  badCursor: "The cursor is not one this API gave.",
  policies: (max: number) => `Send { "policies": [ … ] } with 1 to ${max} policy records.`,
  matchCode: (codes: readonly number[]) => `Use a matchCode of section 4: ${codes.join(", ")}.`,
} as const;

const M = LIFECYCLE_REQUEST_MESSAGES;

export const CLAIM_PAGE_SIZE = 50;
const MAX_CLAIM_PAGE_SIZE = 200;
const MAX_REQUIREMENTS = 30;
export const MAX_POLICIES_PER_CALL = 1000;

/** Trimmed text of 1 to `max` characters the database can store. */
const text = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !hasUnsavableCharacters(value), {
      error: M.unsavable,
      params: { rule: "text" },
    }),
  );

export const statusChangeBody = z.strictObject({
  status: z.string(),
  reason: z.optional(z.nullable(text(500))),
  decision: z.optional(
    z.nullable(
      z
        .strictObject({
          outcome: z.enum(DECISION_OUTCOMES),
          reasonCode: text(40),
          // What the claimant reads of a decision other than approved (decision 0067).
          reason: z.optional(z.nullable(text(DECISION_REASON_LIMIT))),
        })
        .check(
          z.superRefine((decision, ctx) => {
            if (decisionNeedsReason(decision.outcome) && !decision.reason) {
              ctx.issues.push({
                code: "custom",
                message: DECISION_MESSAGES.reasonRequired,
                path: ["reason"],
                input: decision,
              });
            }
          }),
        ),
    ),
  ),
});

export const requirementsBody = z.strictObject({
  requirements: z
    .array(
      z.strictObject({
        documentCd: z.nullable(text(40)),
        description: text(500),
        dueDate: z.nullable(calendarDateInput),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_REQUIREMENTS)),
});

export const policyMatchBody = z.strictObject({
  policyNumber: text(30),
  // Only the codes section 4 gives a meaning (decision 0057); a 7 would display as a number.
  matchCode: z.literal([...KNOWN_MATCH_CODES], M.matchCode(KNOWN_MATCH_CODES)),
});

/** A field at fault, the rule it broke and what to do about it. */
type RequestFieldProblem = { field: string; rule: string; message: string };

/** Each item's due date from the next working day to a year ahead (decision 0070), as field errors. */
export function dueDateErrors(
  requirements: readonly { dueDate: string | null }[],
  today: string,
): RequestFieldProblem[] {
  return requirements.flatMap((item, index) => {
    const problem = item.dueDate === null ? null : dueDateProblem(item.dueDate, today);
    if (!problem || item.dueDate === null) return [];
    const rule = isIsoDate(item.dueDate) ? "due-date" : "date";
    return [{ field: `requirements.${index}.dueDate`, rule, message: problem }];
  });
}

/** How a query parameter reads in the OpenAPI document, where its check alone says too little. */
function documented<T extends z.ZodMiniType>(schema: T, meta: Record<string, unknown>): T {
  z.globalRegistry.add(schema, meta);
  return schema;
}

/** The insurer's list of submitted claims: each filter in its form, or 400 naming it. */
export const claimListQuery = z.object({
  status: documented(
    z.optional(
      z.string().check(
        z.refine(isClaimStatus, {
          error: M.unknownStatus,
          params: { rule: "one-of" },
        }),
      ),
    ),
    { enum: [...CLAIM_STATUSES] },
  ),
  updatedSince: documented(z.optional(instantInput), { format: "date-time" }),
  cursor: documented(z.optional(queryText(200)), {
    description: "The nextCursor of the page before",
  }),
  limit: documented(z.optional(wholeNumberInput(1, MAX_CLAIM_PAGE_SIZE)), {
    type: "integer",
    minimum: 1,
    maximum: MAX_CLAIM_PAGE_SIZE,
  }),
});
