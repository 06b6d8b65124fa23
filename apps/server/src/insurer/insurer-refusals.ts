import { LIFECYCLE_REQUEST_MESSAGES } from "@kalinga/domain/lifecycle-requests";
import { REFUSALS, type RefusalCode, refusalStatus } from "@kalinga/domain/refusals";
import type { FastifyReply } from "fastify";
import type { FieldProblem } from "../http/field-problems.ts";
import type { LifecycleRefusal } from "../lifecycle/lifecycle-service.ts";
import { INSURER_MESSAGES as M } from "./insurer-texts.ts";

// The insurer API's one mapper from a refusal of the vocabulary to its answer, in its one error
// shape (docs/decisions/0070): { error, message, errors: [{ field, rule, message }] }. `error` is
// the refusal's code, the status the vocabulary's; `errors` is what in the request to change, empty
// only when nothing in it is at fault (a server failure). A refused move adds its status and the
// allowed next statuses.

type InsurerProblem = {
  error: string;
  message: string;
  errors: FieldProblem[];
  [extra: string]: unknown;
};

/** A refusal a handler answers: the lifecycle's, or one of its own naming the fields at fault. */
export type InsurerRefusal = LifecycleRefusal | { refused: RefusalCode; problems: FieldProblem[] };

function sendProblem(reply: FastifyReply, code: RefusalCode, problem: InsurerProblem) {
  return reply.code(refusalStatus(code)).send(problem);
}

/** 400: the request's fields, each with its rule. */
export function invalidRequest(reply: FastifyReply, errors: FieldProblem[]): FastifyReply {
  return sendProblem(reply, "invalid-request", {
    error: "invalid-request",
    message: M.invalidRequest(errors),
    errors,
  });
}

/** One problem of one field, its message also the answer's. */
export function fieldRefusal(
  reply: FastifyReply,
  code: RefusalCode,
  problem: FieldProblem,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return sendProblem(reply, code, {
    error: code,
    message: problem.message,
    errors: [problem],
    ...extra,
  });
}

/** The vocabulary's field and rule of a refusal, with this API's message. */
export function namedRefusal(
  reply: FastifyReply,
  code: RefusalCode,
  message: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  const { field = "request", rule = code } = REFUSALS[code] as { field?: string; rule?: string };
  return fieldRefusal(reply, code, { field, rule, message }, extra);
}

/** 500: a failure on the server, nothing in the request at fault. */
export function serverError(reply: FastifyReply): FastifyReply {
  return sendProblem(reply, "server-error", {
    error: "server-error",
    message: M.serverError,
    errors: [],
  });
}

const LIFECYCLE_MESSAGES: Record<LifecycleRefusal["refused"], string> = {
  "not-found": M.notFound,
  "requirement-not-found": M.requirementNotFound,
  "unknown-status": LIFECYCLE_REQUEST_MESSAGES.unknownStatus,
  "not-allowed": M.notAllowed,
  "needs-requirements": M.needsRequirements,
  "needs-decision": M.needsDecision,
  "requirements-not-overdue": M.notOverdue,
  "reopen-period-over": M.reopenPeriodOver,
};

/** The insurer API's answer to a refusal of a handler or of the lifecycle. */
export function sendRefusal(reply: FastifyReply, refusal: InsurerRefusal): FastifyReply {
  if ("problems" in refusal) {
    const [first] = refusal.problems;
    if (refusal.refused === "invalid-request" || !first) {
      return invalidRequest(reply, refusal.problems);
    }
    return sendProblem(reply, refusal.refused, {
      error: refusal.refused,
      message: first.message,
      errors: refusal.problems,
    });
  }
  const message = LIFECYCLE_MESSAGES[refusal.refused];
  // An unknown status is bad input like any other field's: 400 invalid-request naming it.
  if (refusal.refused === "unknown-status") {
    const { field, rule } = REFUSALS["unknown-status"];
    return invalidRequest(reply, [{ field, rule, message }]);
  }
  const extra =
    refusal.refused === "not-allowed"
      ? { status: refusal.status, allowedNextStatuses: refusal.allowed }
      : {};
  return namedRefusal(reply, refusal.refused, message, extra);
}

/** 401 for a missing or unknown key, with the challenge RFC 6750 asks for. */
export function unauthorized(reply: FastifyReply): FastifyReply {
  const { field, rule } = REFUSALS.unauthorized;
  return sendProblem(
    reply.header("www-authenticate", 'Bearer realm="kalinga-insurer"'),
    "unauthorized",
    {
      error: "unauthorized",
      message: M.unknownKey,
      errors: [{ field, rule, message: M.keyRule }],
    },
  );
}
