import type { FieldProblem } from "../http/field-problems.ts";

// Every sentence the insurer integration API answers with, in English, in one place.

export const INSURER_MESSAGES = {
  unknownKey: "Missing or unknown integration key.",
  keyRule: "Send Authorization: Bearer and a key of KALINGA_INSURER_KEYS.",
  notFound: "No submitted claim has this web reference number.",
  documentNotFound: "This claim has no document with this id.",
  requirementNotFound: "This claim has no item waiting for this answer.",
  notAllowed: "This status cannot follow the claim's current status.",
  needsRequirements:
    "A claim moves to PENDING DUE TO INCOMPLETE REQUIREMENTS by asking for requirements.",
  needsDecision:
    "Record the decision (outcome and reasonCode) to move the claim to WITH CLAIM DECISION.",
  notOverdue:
    "A claim can be closed for incomplete requirements only once every open item is past its due date.",
  reopenPeriodOver: "The period for reopening this claim is over.",
  invalidRequest: (errors: readonly FieldProblem[]) =>
    errors.map((problem) => `${problem.field}: ${problem.message}`).join(" "),
  noRoute: "No route of this API has this path.",
  methodNotAllowed: (allowed: readonly string[]) => `Use ${allowed.join(" or ")} on this path.`,
  serverError: "The request failed on the server. Nothing was changed; try again later.",
  apiOff: "The insurer integration API is not set up on this server (KALINGA_INSURER_KEYS).",
} as const;
