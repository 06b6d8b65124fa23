import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_MESSAGES, ApiError } from "./api-error.ts";
import { applySecurityHeaders, BASELINE_SECURITY_HEADERS } from "./security-headers.ts";

// One place turns every failure into a JSON answer: never a stack trace, never a 500 for bad input.
// Client errors are logged by code only (a parser's message can quote the body); server errors with
// the error itself, through the scrubbing serializer of logging.ts.

const BAD_JSON_CODES = new Set([
  "FST_ERR_CTP_INVALID_JSON_BODY",
  "FST_ERR_CTP_EMPTY_JSON_BODY",
  "FST_ERR_CTP_INVALID_CONTENT_LENGTH",
]);

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  404: API_MESSAGES.notFound,
  413: API_MESSAGES.bodyTooLarge,
  415: API_MESSAGES.unsupportedMediaType,
};

function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  const status = error.statusCode ?? 500;
  const badJson =
    BAD_JSON_CODES.has(error.code) || (status === 400 && error instanceof SyntaxError);
  if (status === 400 || badJson) {
    return new ApiError(400, {
      returnCode: "400",
      message: API_MESSAGES.invalidRequest,
      errors: badJson ? [{ field: "body", message: API_MESSAGES.invalidJson }] : [],
    });
  }
  if (status >= 400 && status < 500) {
    const message = CLIENT_ERROR_MESSAGES[status] ?? API_MESSAGES.refused;
    return new ApiError(status, { returnCode: String(status), message });
  }
  return null;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = toApiError(error);
  if (answer) {
    request.log.info(
      { statusCode: answer.statusCode, returnCode: answer.body.returnCode, code: error.code },
      "request refused",
    );
    return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send({ returnCode: "500", message: SYSTEM_ERROR });
}

/**
 * Fastify's refusals before routing (a URL it cannot decode such as /%, a parameter too long) skip
 * every hook: the security headers and the JSON answer are given here (Fastify's frameworkErrors).
 * Fastify builds that request without its trust-proxy getters, so X-Forwarded-Proto is read here,
 * believed only when the connecting peer is one of KALINGA_TRUSTED_PROXIES.
 */
export function frameworkErrorHandler(isTrustedProxy: (address: string) => boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const forwarded = request.headers["x-forwarded-proto"];
    const peer = request.socket?.remoteAddress;
    const https =
      request.protocol === "https" ||
      (peer !== undefined &&
        isTrustedProxy(peer) &&
        typeof forwarded === "string" &&
        forwarded.split(",").at(-1)?.trim() === "https");
    applySecurityHeaders(request, reply, https);
    return handleError(error, request, reply);
  };
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

/**
 * A request Node cannot parse (a control character or space in the URL, headers too large) never
 * reaches Fastify: answered on the socket with the same security headers (Fastify's clientErrorHandler).
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[error.code ?? ""] ?? 400;
  const message = status === 400 ? API_MESSAGES.invalidRequest : API_MESSAGES.refused;
  const body = JSON.stringify({ returnCode: String(status), message });
  if (socket.writable) {
    const headers = {
      ...BASELINE_SECURITY_HEADERS,
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Unknown routes answer 404 JSON; a path some route answers, asked with another method, answers 405
 * with Allow. The paths are collected from the routes as they are registered, never listed by hand.
 */
export function installErrorHandlers(app: FastifyInstance) {
  const methodsOfPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    // Only exact paths: a parametric or wildcard route cannot tell a wrong method from a wrong path.
    if (/[:*]/.test(route.url)) return;
    const methods = methodsOfPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsOfPath.set(route.url, methods);
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const methods = methodsOfPath.get(path);
    if (methods && !methods.has(request.method)) {
      return reply
        .code(405)
        .header("allow", [...methods].join(", "))
        .send({ returnCode: "405", message: API_MESSAGES.methodNotAllowed });
    }
    return reply.code(404).send({ returnCode: "404", message: API_MESSAGES.notFound });
  });
}
