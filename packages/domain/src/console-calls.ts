import type * as z from "zod/mini";
import type { ConsoleCallRouteName } from "./console-call-routes.ts";
import type { ConsoleCallSpec } from "./console-call-spec.ts";
import { ADMIN_CALLS } from "./console-calls-admin.ts";
import { CLAIM_CALLS } from "./console-calls-claims.ts";
import { PRIVACY_CALLS } from "./console-calls-privacy.ts";
import { STAFF_CALLS } from "./console-calls-staff.ts";
import { CONTENT_CALLS } from "./content-calls.ts";
import { NOTICE_CALLS } from "./notice-calls.ts";

// Every call of the claims-staff console, declared once (docs/decisions/0072): its method and path
// under /console/api, what it needs of the caller, what it accepts and answers, how it can refuse,
// and whether a repeat under one Idempotency-Key is done once and whether it writes the audit log.
// The server registers its routes from this table and the console types its calls with it (a
// type-only import: no schema reaches the console's bundle).

export { CONSOLE_API_PREFIX } from "./console-call-routes.ts";
export type * from "./console-call-spec.ts";

// The rows live by topic (sign-in and staff, companies and audit, data subjects, claims, notices, content), each
// file one screen of rows; their order here is the table's order.
export const CONSOLE_CALLS = {
  ...STAFF_CALLS,
  ...ADMIN_CALLS,
  ...PRIVACY_CALLS,
  ...CLAIM_CALLS,
  ...NOTICE_CALLS,
  ...CONTENT_CALLS,
} as const satisfies Record<ConsoleCallRouteName, ConsoleCallSpec>;

export type ConsoleCalls = typeof CONSOLE_CALLS;
export type ConsoleCallName = keyof ConsoleCalls;

type Schema = z.core.$ZodType;
type Output<S> = S extends Schema ? z.output<S> : undefined;
type Input<S> = S extends Schema ? z.input<S> : undefined;

/** What a handler receives: the path's params, the query and the body as the schemas yield them. */
export type ConsoleCallParts<K extends ConsoleCallName> = {
  params: Output<ConsoleCalls[K]["params"]>;
  query: Output<ConsoleCalls[K]["query"]>;
  body: Output<ConsoleCalls[K]["body"]>;
};

/** A path's and a query's parts go as text, whatever their schema makes of them (kept optional). */
type AsText<T> = { [P in keyof T]: string };

/** What the console sends: only the parts the call has. */
export type ConsoleCallRequest<K extends ConsoleCallName> = {
  [P in "params" | "query" | "body" as ConsoleCalls[K][P] extends null
    ? never
    : P]: P extends "body" ? Input<ConsoleCalls[K][P]> : AsText<Input<ConsoleCalls[K][P]>>;
};

/** The success answer of a call (a file's answer is its bytes). */
export type ConsoleCallAnswer<K extends ConsoleCallName> =
  ConsoleCalls[K]["response"] extends Schema ? z.output<ConsoleCalls[K]["response"]> : ArrayBuffer;
