import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_MESSAGES, ApiError } from "../http/api-error.ts";
import { fieldRefusal, invalidRequest, namedRefusal, serverError } from "./insurer-refusals.ts";
import { INSURER_MESSAGES as M } from "./insurer-texts.ts";

// Failures no handler answers — bad JSON, a body too large, an unknown path or method, a fault on
// the server — in the insurer API's one error shape (docs/decisions/0070), so nothing under its
// prefix answers in the claim API's shape.

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
    return serverError(reply);
  }
  request.log.info({ statusCode, code: error.code }, "request refused");
  if (BAD_JSON_CODES.has(error.code) || error instanceof SyntaxError) {
    return invalidRequest(reply, [
      { field: "body", rule: "json", message: API_MESSAGES.invalidJson },
    ]);
  }
  if (statusCode === 413) return namedRefusal(reply, "body-too-large", API_MESSAGES.bodyTooLarge);
  if (statusCode === 415) {
    return namedRefusal(reply, "unsupported-media-type", API_MESSAGES.unsupportedMediaType);
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
        return namedRefusal(
          reply.header("allow", allowed.join(", ")),
          "method-not-allowed",
          M.methodNotAllowed(allowed),
        );
      }
      return fieldRefusal(reply, "not-found", { field: "path", rule: "route", message: M.noRoute });
    },
  });
}
