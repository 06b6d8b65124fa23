import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_MESSAGES, ApiError } from "./api-error.ts";

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

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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

/** Unknown routes answer 404 JSON; a known API path with another method answers 405 with Allow. */
export function installErrorHandlers(app: FastifyInstance, apiPostPaths: () => Set<string>) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (apiPostPaths().has(path) && request.method !== "POST") {
      return reply
        .code(405)
        .header("allow", "POST")
        .send({ returnCode: "405", message: API_MESSAGES.methodNotAllowed });
    }
    return reply.code(404).send({ returnCode: "404", message: API_MESSAGES.notFound });
  });
}
