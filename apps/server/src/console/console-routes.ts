import fastifyCookie from "@fastify/cookie";
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CALLS,
  type ConsoleCallName,
  type ConsoleCallSpec,
} from "@kalinga/domain/console-calls";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import { honourIdempotencyKeys } from "../http/caller-idempotency.ts";
import { fieldMessage, fieldProblems } from "../http/field-problems.ts";
import { checkPathParams } from "../http/route-params.ts";
import { callOf, consoleAccess, recordFor, sessionIdOf, staffOf } from "./console-access.ts";
import type {
  ConsoleCallHandler,
  ConsoleCallHandlers,
  ConsoleCallInput,
  ConsoleServices,
} from "./console-handler.ts";
import {
  type ConsoleFieldError,
  type ConsoleRefusal,
  isConsoleRefusal,
  refuse,
  sendConsoleRefusal,
} from "./console-refusals.ts";
import { auditLogHandlers } from "./handlers/audit-log.ts";
import { claimViewHandlers } from "./handlers/claim-view.ts";
import { companyHandlers } from "./handlers/companies.ts";
import { contentHandlers } from "./handlers/content.ts";
import { contentCsvHandlers } from "./handlers/content-csv.ts";
import { dataSubjectHandlers } from "./handlers/data-subjects.ts";
import { lifecycleChangeHandlers } from "./handlers/lifecycle-changes.ts";
import { notesAndAssignmentHandlers } from "./handlers/notes-assignment.ts";
import { noticeHandlers } from "./handlers/notices.ts";
import { queueHandlers } from "./handlers/queue.ts";
import { signInHandlers } from "./handlers/sign-in.ts";
import { staffAccountHandlers } from "./handlers/staff-accounts.ts";

// The claims-staff console's API (docs/decisions/0053), one route per row of the domain's table
// (CONSOLE_CALLS, docs/decisions/0072), each checked by one chain in this order: the staff session
// (401) and its CSRF token on a change (403) → the path's parameters (400) → an Idempotency-Key's
// replay (409/422) → the row's permission (403) → the claim the path names, if the member may work
// it (404/403, audited) → the row's params, query and body (400 naming field and rule) → the
// handler, whose refusals one mapper answers (console-refusals.ts).

export type ConsoleRouteOptions = ConsoleServices;

/** The console's field errors: field, rule and message; "(body)" for the body or query as a whole. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): ConsoleFieldError[] {
  return issues.flatMap((issue) => {
    const whole = issue.path.length === 0 && issue.code !== "unrecognized_keys";
    return fieldProblems([issue]).map((problem) =>
      whole ? { ...problem, field: "(body)" } : problem,
    );
  });
}

/** The row's params, query and body as its schemas yield them, or the 400 naming each fault. */
function parseParts(call: ConsoleCallSpec, request: FastifyRequest) {
  const parts: Record<string, unknown> = {};
  const errors: ConsoleFieldError[] = [];
  const sent = { params: request.params, query: request.query, body: request.body };
  for (const name of ["params", "query", "body"] as const) {
    const schema = call[name];
    if (!schema) {
      parts[name] = undefined;
      continue;
    }
    const result = (schema as z.ZodMiniType).safeParse(sent[name], {
      error: fieldMessage,
      reportInput: true,
    });
    if (result.success) parts[name] = result.data;
    else errors.push(...fieldErrors(result.error.issues));
  }
  return errors.length > 0 ? refuse.invalid(errors) : parts;
}

export async function consoleRoutes(app: FastifyInstance, services: ConsoleRouteOptions) {
  const { db, now } = services;
  await app.register(fastifyCookie);
  const access = consoleAccess(services);
  const handlers: ConsoleCallHandlers = {
    ...signInHandlers(services),
    ...staffAccountHandlers(services),
    ...auditLogHandlers(services),
    ...dataSubjectHandlers(services),
    ...companyHandlers(services),
    ...noticeHandlers(services),
    ...contentHandlers(services),
    ...contentCsvHandlers(services),
    ...queueHandlers(services),
    ...claimViewHandlers(services),
    ...lifecycleChangeHandlers(services),
    ...notesAndAssignmentHandlers(services),
  };

  // This plugin holds only the console's routes, so the hooks run for each of them however its URL
  // is spelled; the row of the route it matched says which credential it needs.
  app.addHook("preValidation", checkPathParams);
  app.addHook("onRequest", access.checkSession);
  // After the session check: a change sent again under one Idempotency-Key is done once.
  honourIdempotencyKeys(app, {
    db,
    callerOf: (request) => {
      const staff = staffOf(request);
      return staff && callOf(request)?.idempotent ? `staff:${staff.id}` : null;
    },
    now,
  });

  /** Everything the row asks of the caller before its handler runs; a refusal at the first fault. */
  async function admit(call: ConsoleCallSpec, request: FastifyRequest) {
    const staff = staffOf(request);
    const passwordStep =
      call.credential === "password-step" ? await access.passwordStepOf(request) : null;
    if (isConsoleRefusal(passwordStep)) return passwordStep;
    if (!access.permitted(call, staff)) return refuse.forbidden();
    const ref = (request.params as { ref?: string }).ref;
    const claim = call.claim && staff && ref ? await access.claimFor(request, staff, ref) : null;
    if (isConsoleRefusal(claim)) return claim;
    const parts = parseParts(call, request);
    if (isConsoleRefusal(parts)) return parts;
    return { ...parts, staff, sessionId: sessionIdOf(request), passwordStep, claim };
  }

  function register<K extends ConsoleCallName>(name: K) {
    const call: ConsoleCallSpec = CONSOLE_CALLS[name];
    const handler = handlers[name] as ConsoleCallHandler<K>;
    app.route({
      method: call.method,
      url: `${CONSOLE_API_PREFIX}${call.path}`,
      config: { consoleCall: name },
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const admitted = await admit(call, request);
        if (isConsoleRefusal(admitted)) return sendConsoleRefusal(reply, admitted);
        const input = {
          ...admitted,
          request,
          reply,
          now: now(),
          record: recordFor(db, now, request),
        } as ConsoleCallInput<K>;
        const outcome: unknown = await handler(input);
        if (outcome === reply) return reply;
        if (isConsoleRefusal(outcome)) return sendConsoleRefusal(reply, outcome as ConsoleRefusal);
        return outcome;
      },
    });
  }

  for (const name of Object.keys(CONSOLE_CALLS) as ConsoleCallName[]) register(name);
}
