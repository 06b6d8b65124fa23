import * as z from "zod/mini";
import { CONSOLE_CALL_ROUTES } from "./console-call-routes.ts";
import { consoleCall, SIGNED_IN } from "./console-call-spec.ts";
import { queryText, webReferenceInput } from "./route-inputs.ts";

// The console's calls for a data subject's rights (docs/decisions/0106, 0111): what Kalinga holds
// about a claimant, found by mobile number, e-mail address or a claim's reference, with what an
// erasure would erase and what it keeps and why; the export of it all as a ZIP of the JSON and the
// documents; the erasure of what the law allows. Each is audited with references only. Rows of the
// console's call table (console-calls.ts).

/** Which claimant: the mobile number (as typed), an e-mail address, or a claim's reference. */
export const subjectQuery = z.object({
  mobile: z.optional(queryText(40)),
  email: z.optional(queryText(254)),
  claim: z.optional(queryText(40)),
});

const verdict = z.union([
  z.object({
    erasable: z.literal(true),
    reason: z.enum(["tracking", "unsubmitted", "past-retention"]),
  }),
  z.object({ erasable: z.literal(false), reason: z.literal("open"), keptUntil: z.null() }),
  z.object({
    erasable: z.literal(false),
    reason: z.literal("within-retention"),
    keptUntil: z.string(),
  }),
]);

export const subjectAnswer = z.object({
  /** The last four digits of the number found by, or null when found by a reference alone. */
  mobileEnding: z.nullable(z.string()),
  claims: z.array(
    z.object({
      webReferenceNumber: z.string(),
      purpose: z.enum(["filing", "tracking"]),
      status: z.string(),
      companyName: z.string(),
      createdAt: z.string(),
      submittedAt: z.nullable(z.string()),
      verdict,
    }),
  ),
});
export type SubjectAnswer = z.output<typeof subjectAnswer>;

/** The erasure names the claims the member was shown and confirmed; any other changes nothing. */
export const subjectErasureBody = z.object({
  mobile: z.optional(queryText(40)),
  email: z.optional(queryText(254)),
  claim: z.optional(queryText(40)),
  references: z.array(webReferenceInput).check(z.minLength(1), z.maxLength(500)),
});

export const subjectErasureAnswer = z.object({ erased: z.array(z.string()), files: z.number() });

export const PRIVACY_CALLS = {
  findDataSubject: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.findDataSubject,
    permission: ["handle-data-subjects"],
    claim: false,
    params: null,
    query: subjectQuery,
    body: null,
    response: subjectAnswer,
    refusals: ["forbidden", "not-found"],
    idempotent: false,
    summary:
      "A claimant's claims by mobile number, e-mail address or reference, each with whether an erasure may erase it, or why it is kept and until when.",
  }),
  exportDataSubject: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.exportDataSubject,
    permission: ["handle-data-subjects"],
    claim: false,
    params: null,
    query: subjectQuery,
    body: null,
    response: "zip",
    refusals: ["forbidden", "not-found"],
    idempotent: false,
    summary:
      "Every claim and personal datum held about a claimant as a ZIP: the JSON of each claim, and each stored document as a file; audited by reference.",
  }),
  eraseDataSubject: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.eraseDataSubject,
    permission: ["handle-data-subjects"],
    claim: false,
    params: null,
    query: null,
    body: subjectErasureBody,
    response: subjectErasureAnswer,
    refusals: ["forbidden", "not-found", "changed"],
    summary:
      "Erases the confirmed claims of a claimant that the law lets go (drafts, tracking checks, closed claims past retention) with their documents; refuses, changing nothing, when any is kept.",
  }),
} as const;
