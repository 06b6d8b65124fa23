import { refusalStatus } from "@kalinga/domain/refusals";
import type { FastifyReply } from "fastify";
import type { LifecycleRefusal } from "../lifecycle/lifecycle-service.ts";
import { CONSOLE_MESSAGES as M } from "./console-texts.ts";

// Every refusal a console handler can answer, and the one place that turns it into a reply: the
// lifecycle's refusals with the integration API's status in the console's own words, and the
// console's own (docs/decisions/0072). Handlers return a refusal; they never build an error reply.

/** A field at fault, as the console's 400 names it (field, rule, message). */
export type ConsoleFieldError = { field: string; rule?: string; message: string };

export type ConsoleRefusal =
  | LifecycleRefusal
  | { refused: "invalid-request" | "taken"; errors: readonly ConsoleFieldError[] }
  | {
      refused:
        | "signed-out"
        | "csrf"
        | "forbidden"
        | "not-yours"
        | "not-found"
        | "self"
        | "changed"
        | "enrolment"
        | "wrong";
      /** null: the answer has no message (an unknown staff id, a failed enrolment). */
      message: string | null;
    }
  | { refused: "too-many-tries"; message: string; retryAfterSeconds: number };

/** The console's own refusals; the lifecycle's are the LIFECYCLE_MESSAGES keys below. */
const CONSOLE_CODES = [
  "invalid-request",
  "taken",
  "signed-out",
  "csrf",
  "forbidden",
  "not-yours",
  "not-found",
  "self",
  "changed",
  "enrolment",
  "wrong",
  "too-many-tries",
] as const;

const LIFECYCLE_MESSAGES: Record<LifecycleRefusal["refused"], string> = {
  "not-found": M.notFound,
  "requirement-not-found": M.requirementNotFound,
  "not-allowed": M.statusNotAllowed,
  "unknown-status": M.statusNotAllowed,
  "needs-requirements": M.needsRequirements,
  "needs-decision": M.needsDecision,
  "requirements-not-overdue": M.notOverdue,
  "reopen-period-over": M.reopenPeriodOver,
};

export const refuse = {
  invalid: (errors: readonly ConsoleFieldError[]): ConsoleRefusal => ({
    refused: "invalid-request",
    errors,
  }),
  field: (field: string, rule: string, message: string): ConsoleRefusal => ({
    refused: "invalid-request",
    errors: [{ field, rule, message }],
  }),
  forbidden: (): ConsoleRefusal => ({ refused: "forbidden", message: M.notAllowed }),
  notFound: (message: string | null): ConsoleRefusal => ({ refused: "not-found", message }),
  self: (message: string): ConsoleRefusal => ({ refused: "self", message }),
  changed: (message: string): ConsoleRefusal => ({ refused: "changed", message }),
  signedOut: (message: string): ConsoleRefusal => ({ refused: "signed-out", message }),
} as const;

const REFUSED = new Set<string>([...CONSOLE_CODES, ...Object.keys(LIFECYCLE_MESSAGES)]);

/** Whether a handler's outcome is a refusal rather than its answer. */
export function isConsoleRefusal(outcome: unknown): outcome is ConsoleRefusal {
  const refused = (outcome as { refused?: unknown } | null)?.refused;
  return typeof refused === "string" && REFUSED.has(refused);
}

/** The console's one answer to a refusal. */
export function sendConsoleRefusal(reply: FastifyReply, refusal: ConsoleRefusal): FastifyReply {
  if ("errors" in refusal) {
    return reply.code(refusalStatus(refusal.refused)).send({
      error: refusal.refused,
      errors: refusal.errors,
    });
  }
  if ("retryAfterSeconds" in refusal) {
    const { refused, message, retryAfterSeconds } = refusal;
    void reply.header("retry-after", String(retryAfterSeconds));
    return reply.code(refusalStatus(refused)).send({ error: refused, message });
  }
  if ("message" in refusal) {
    const { refused, message } = refusal;
    return reply
      .code(refusalStatus(refused))
      .send(message === null ? { error: refused } : { error: refused, message });
  }
  const extra = refusal.refused === "not-allowed" ? { allowedNextStatuses: refusal.allowed } : {};
  return reply.code(refusalStatus(refusal.refused)).send({
    error: refusal.refused,
    message: LIFECYCLE_MESSAGES[refusal.refused],
    ...extra,
  });
}
