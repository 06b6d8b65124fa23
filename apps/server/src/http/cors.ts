import fastifyCors, { type FastifyCorsOptions } from "@fastify/cors";
import {
  API_KEY_HEADER,
  CHALLENGE_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  LOCALE_HEADER,
  PORTAL_ASSERTION_HEADER,
} from "@kalinga/domain/claim-api-names";
import { DEVICE_KEY_HEADER } from "@kalinga/domain/device-key";
import { WIDGET_ORIGIN_PATH } from "@kalinga/domain/widget-origin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { API_MESSAGES, ApiError } from "./api-error.ts";

// Cross-origin calls to /api are allowed from the insurer pages named in KALINGA_ALLOWED_ORIGINS or
// by a company's allowedOrigins (decision 0093), and from the server's own origin; a browser call
// from anywhere else is refused outright.
// @fastify/cors answers the preflights and writes the headers (decision 0060).

/** Every header the widget sends on a claim call: the portal's assertion and Idempotency-Key too. */
const CORS_ALLOWED_HEADERS = [
  "content-type",
  API_KEY_HEADER,
  "authorization",
  IDEMPOTENCY_KEY_HEADER,
  PORTAL_ASSERTION_HEADER,
  CHALLENGE_HEADER,
  DEVICE_KEY_HEADER,
  LOCALE_HEADER,
];
const EXPOSED_HEADERS = ["retry-after", "x-request-id"];

/**
 * Scheme, host and port, as browsers compare origins: an https page may not call a plain-http
 * server as its own. request.protocol and request.host honour X-Forwarded-* only behind a trusted proxy.
 */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/** Whether an insurer's page of this origin is listed (the settings' or a company's). */
export type OriginList = (origin: string) => Promise<boolean>;

/** Whether a page of this origin may call the API: a listed insurer page or the server's own. */
export async function originAllowed(
  origin: string,
  request: FastifyRequest,
  listed: OriginList,
): Promise<boolean> {
  return sameOrigin(origin, request) || (await listed(origin));
}

/** The path as the router reads it: /%61pi/claims is an API call too. */
function routedPath(request: FastifyRequest): string | null {
  try {
    return decodeURIComponent(request.url.split("?")[0] ?? "");
  } catch {
    return null;
  }
}

/** The origin check answers every origin itself, with its own headers (decision 0082). */
export const WIDGET_ORIGIN_ROUTE = `/api${WIDGET_ORIGIN_PATH}`;

export async function registerApiCors(app: FastifyInstance, listed: OriginList) {
  await app.register(fastifyCors, {
    // Decided per request: the same-origin rule needs the request's own scheme and host, and a
    // company's origins are read from the directory. A rejection is the refusal below.
    delegator: async (request: FastifyRequest): Promise<FastifyCorsOptions> => {
      const origin = request.headers.origin;
      const routed = routedPath(request);
      if (!routed?.startsWith("/api/") || routed === WIDGET_ORIGIN_ROUTE || origin === undefined) {
        return { origin: false };
      }
      if (!(await originAllowed(origin, request, listed))) {
        // Vary, so a cache never hands this refusal to an allowed page.
        throw new ApiError(
          403,
          { returnCode: "403", message: API_MESSAGES.originNotAllowed },
          { vary: "Origin" },
        );
      }
      return {
        origin,
        methods: ["GET", "POST"],
        allowedHeaders: CORS_ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        maxAge: 600,
        // A bare OPTIONS from an allowed page is answered like a preflight, never 400 in plain text.
        strictPreflight: false,
      };
    },
  });
}
