import { maskLast4 } from "@kalinga/domain/mask";
import type { FastifyServerOptions } from "fastify";

// Structured JSON logs (pino, through Fastify) with request ids. Nothing that reaches a log line
// may carry an OTP, a token, an api key, a full mobile number or a request body: requests are
// logged by method and path only, headers and bodies never, and error texts are scrubbed.

export type LogStream = { write(line: string): void };

/** Digit runs of 6 or more (codes, mobile numbers) keep their last 4; long opaque strings go. */
export function scrub(text: string): string {
  return text
    .replace(/\d{6,}/g, (digits) => maskLast4(digits))
    .replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]");
}

type RequestLike = { method?: string; url?: string; ip?: string; id?: string };
type ErrorLike = {
  name?: string;
  message?: string;
  stack?: string;
  code?: string;
  statusCode?: number;
};

const logSerializers = {
  req(request: RequestLike) {
    // The query string can hold a mobile number (the dev outbox) and is never logged.
    const path = (request.url ?? "").split("?")[0] ?? "";
    return { method: request.method, url: scrub(path), remoteAddress: request.ip };
  },
  res(reply: { statusCode?: number }) {
    return { statusCode: reply.statusCode };
  },
  err(error: ErrorLike) {
    return {
      type: error.name ?? "Error",
      code: error.code,
      statusCode: error.statusCode,
      message: scrub(String(error.message ?? "")),
      stack: scrub(String(error.stack ?? "")),
    };
  },
};

/** Paths removed wherever they appear, should a future log call pass a whole object. */
const REDACT_PATHS = [
  "req.headers",
  "request.headers",
  "headers",
  "body",
  "req.body",
  "request.body",
  "token",
  "*.token",
  "oneTimePIN",
  "*.oneTimePIN",
  "mobileNumber",
  "*.mobileNumber",
  "authorization",
  "*.authorization",
  // The rating's free-text comment.
  "comment",
  "*.comment",
];

export function loggerOptions(
  level: string,
  stream?: LogStream,
): NonNullable<FastifyServerOptions["logger"]> {
  return {
    level,
    serializers: logSerializers,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    ...(stream ? { stream } : {}),
  } as NonNullable<FastifyServerOptions["logger"]>;
}
