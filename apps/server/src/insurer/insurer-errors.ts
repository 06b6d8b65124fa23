import { LIFECYCLE_REQUEST_MESSAGES } from "@kalinga/domain/lifecycle-requests";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_MESSAGES, ApiError } from "../http/api-error.ts";
import type { FieldProblem } from "../http/field-problems.ts";
import { LIFECYCLE_REFUSAL_ANSWERS } from "../lifecycle/lifecycle-refusals.ts";
import type { LifecycleRefusal } from "../lifecycle/lifecycle-service.ts";

// The integration API's one error shape (docs/decisions/0070): every answer that is not a success
// is { error, message, errors: [{ field, rule, message }] }. `error` is a stable code to branch on,
// `message` a sentence for a person, `errors` what in the request to change, empty only when
// nothing in it is at fault (a server failure). A refused move adds its status and the allowed
// next statuses.

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
} as const;

const M = INSURER_MESSAGES;

export type InsurerProblem = {
  error: string;
  message: string;
  errors: FieldProblem[];
  [extra: string]: unknown;
};

export function sendProblem(
  reply: FastifyReply,
  statusCode: number,
  problem: InsurerProblem,
): FastifyReply {
  return reply.code(statusCode).send(problem);
}

/** 400: the request's fields, each with its rule. */
export function invalidRequest(reply: FastifyReply, errors: FieldProblem[]): FastifyReply {
  return sendProblem(reply, 400, {
    error: "invalid-request",
    message: M.invalidRequest(errors),
    errors,
  });
}

/** One problem of one field, its message also the answer's. */
export function fieldRefusal(
  reply: FastifyReply,
  statusCode: number,
  error: string,
  problem: FieldProblem,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return sendProblem(reply, statusCode, {
    error,
    message: problem.message,
    errors: [problem],
    ...extra,
  });
}

const REFUSAL_MESSAGES: Record<LifecycleRefusal["refused"], string> = {
  "not-found": M.notFound,
  "requirement-not-found": M.requirementNotFound,
  "unknown-status": LIFECYCLE_REQUEST_MESSAGES.unknownStatus,
  "not-allowed": M.notAllowed,
  "needs-requirements": M.needsRequirements,
  "needs-decision": M.needsDecision,
  "requirements-not-overdue": M.notOverdue,
  "reopen-period-over": M.reopenPeriodOver,
};

/** The integration API's answer to a refusal of the lifecycle. */
export function sendRefusal(reply: FastifyReply, refusal: LifecycleRefusal): FastifyReply {
  const { statusCode, field, rule } = LIFECYCLE_REFUSAL_ANSWERS[refusal.refused];
  const problem = { field, rule, message: REFUSAL_MESSAGES[refusal.refused] };
  if (refusal.refused === "unknown-status") return invalidRequest(reply, [problem]);
  const extra =
    refusal.refused === "not-allowed"
      ? { status: refusal.status, allowedNextStatuses: refusal.allowed }
      : {};
  return fieldRefusal(reply, statusCode, refusal.refused, problem, extra);
}

/** 401 for a missing or unknown key, with the challenge RFC 6750 asks for. */
export function unauthorized(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header("www-authenticate", 'Bearer realm="kalinga-insurer"')
    .send({
      error: "unauthorized",
      message: M.unknownKey,
      errors: [{ field: "authorization", rule: "known-key", message: M.keyRule }],
    } satisfies InsurerProblem);
}

const BAD_JSON_CODES = new Set([
  "FST_ERR_CTP_INVALID_JSON_BODY",
  "FST_ERR_CTP_EMPTY_JSON_BODY",
  "FST_ERR_CTP_INVALID_CONTENT_LENGTH",
]);

/** Failures before or inside a handler, in the one shape: a bad body is 400 naming it, never a 500. */
function insurerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error instanceof ApiError ? error.statusCode : (error.statusCode ?? 500);
  if (statusCode >= 500) {
    request.log.error({ err: error }, "request failed");
    return sendProblem(reply, 500, { error: "server-error", message: M.serverError, errors: [] });
  }
  request.log.info({ statusCode, code: error.code }, "request refused");
  if (BAD_JSON_CODES.has(error.code) || error instanceof SyntaxError) {
    return invalidRequest(reply, [
      { field: "body", rule: "json", message: API_MESSAGES.invalidJson },
    ]);
  }
  if (statusCode === 413) {
    return fieldRefusal(reply, 413, "body-too-large", {
      field: "body",
      rule: "max-size",
      message: API_MESSAGES.bodyTooLarge,
    });
  }
  if (statusCode === 415) {
    return fieldRefusal(reply, 415, "unsupported-media-type", {
      field: "content-type",
      rule: "json",
      message: API_MESSAGES.unsupportedMediaType,
    });
  }
  return invalidRequest(reply, [{ field: "body", rule: "format", message: API_MESSAGES.refused }]);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The plugin's own error handler, and a route for every other path and method under the prefix:
 * 404 for a path no route has, 405 with Allow for a method the path does not take, in the one
 * shape. Call before the plugin's routes are added, so their paths are collected as they come.
 */
export function installInsurerErrors(app: FastifyInstance, prefix: string) {
  app.setErrorHandler(insurerErrorHandler);
  const routes: { method: string; path: RegExp }[] = [];
  app.addHook("onRoute", (route) => {
    if (route.url.includes("*")) return;
    const pattern = route.url
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    for (const method of [route.method].flat()) {
      routes.push({ method, path: new RegExp(`^${pattern}$`) });
    }
  });
  app.route({
    method: [...METHODS],
    url: `${prefix}/*`,
    handler: async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      const allowed = [
        ...new Set(routes.filter((route) => route.path.test(path)).map((r) => r.method)),
      ];
      if (allowed.length > 0) {
        return fieldRefusal(reply.header("allow", allowed.join(", ")), 405, "method-not-allowed", {
          field: "method",
          rule: "allowed-method",
          message: M.methodNotAllowed(allowed),
        });
      }
      return fieldRefusal(reply, 404, "not-found", {
        field: "path",
        rule: "route",
        message: M.noRoute,
      });
    },
  });
}
