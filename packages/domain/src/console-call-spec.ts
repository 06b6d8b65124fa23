import type * as z from "zod/mini";
import type { StaffPermission } from "./staff-roles.ts";

// The shape of one row of the console's call table (console-calls.ts, docs/decisions/0072), and
// what its rows share.

export type Schema = z.core.$ZodType;

/**
 * What a call needs of its caller: nothing (signing in, reading whether one is signed in), the
 * session of a right password still waiting for its code, or a whole staff session.
 */
export type ConsoleCredential = "none" | "password-step" | "staff-session";

/** How a call can refuse, besides the refusals every call shares (signed-out, csrf, a bad request). */
export type ConsoleRefusalCode =
  | "forbidden"
  | "not-yours"
  | "not-found"
  | "self"
  | "taken"
  | "changed"
  | "wrong"
  | "wrong-code"
  | "disabled"
  | "too-many-tries"
  | "enrolment"
  | "requirement-not-found"
  | "not-allowed"
  | "unknown-status"
  | "needs-requirements"
  | "needs-decision"
  | "requirements-not-overdue"
  | "reopen-period-over";

/** Answers that are not JSON: the queue as CSV, a stored document as PDF, a data subject's export as ZIP. */
export type ConsoleFileAnswer = "csv" | "pdf" | "zip";

export type ConsoleCallSpec = {
  method: "GET" | "POST";
  /** Fastify style, under CONSOLE_API_PREFIX: "/claims/:ref". */
  path: string;
  credential: ConsoleCredential;
  /** Any one of these lets the member make the call; null: every signed-in member may. */
  permission: readonly StaffPermission[] | null;
  /** The :ref names a claim the member must be allowed to work (404, or 403 when not theirs; audited). */
  claim: boolean;
  params: Schema | null;
  query: Schema | null;
  body: Schema | null;
  response: Schema | ConsoleFileAnswer;
  refusals: readonly ConsoleRefusalCode[];
  idempotent: boolean;
  audited: boolean;
  /** The largest body in bytes when the server's default (64 KiB) is too small for the call. */
  bodyLimit?: number;
  summary: string;
};

/** Declares one row, keeping its literal types (the console's client types its calls with them). */
export const consoleCall = <const Spec extends ConsoleCallSpec>(spec: Spec): Spec => spec;

/** What most calls of a signed-in member share: a repeat is done once, and it writes the audit log. */
export const SIGNED_IN = { credential: "staff-session", idempotent: true, audited: true } as const;
