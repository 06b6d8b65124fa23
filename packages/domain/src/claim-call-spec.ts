import type * as z from "zod/mini";
import type { ClaimRefusalKind } from "./claim-refusals.ts";

// The row of the claim call tables (claim-calls.ts, tracking-calls.ts): what one call under
// /api/claims takes, answers, needs and counts against. The server registers its routes from the
// rows, the OpenAPI document describes them, and the widget types its calls with them.

/**
 * What a call must carry besides the api key: nothing more (it starts a claim), a live claim token,
 * or a claim token that passed the OTP.
 */
export type ClaimCallCredential = "api-key" | "claim-token" | "verified-claim-token";

/** Per-address and per-claim ceilings a call counts against (each counts only what costs). */
/** The first two ask a proof-of-work challenge above an address's normal rate (decision 0061). */
export type ClaimCallLimit =
  | "claim-starts-per-address"
  | "otp-sends-per-address"
  | "uploads-per-claim-and-address";

/**
 * Which kind of session the token must belong to: a claim being filed, a tracking check (a
 * verified number following its claims, docs/decisions/0055), or either (the OTP calls).
 */
export type ClaimCallPurpose = "filing" | "tracking" | "either";

export type Parser<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown };
};

export type ClaimCallSpec<Body = unknown, Response = unknown> = {
  /** Every claim call is a POST; another method answers 405. */
  method: "POST";
  /** Under /api/claims. */
  path: string;
  /** One line for the API's reader: what the call does. */
  summary: string;
  credential: ClaimCallCredential;
  purpose: ClaimCallPurpose;
  /**
   * The body's webReferenceNumber, when it has one, names a claim filed with the verified number,
   * not the token's own session; the tracking service checks that it is one.
   */
  namesTrackedClaim?: boolean;
  /** The call also needs the portal's signed assertion (member portal and agent assist, decision 0058). */
  portal?: boolean;
  /** JSON checked by `request`; multipart for a file, whose text fields `request` checks. */
  encoding: "json" | "multipart";
  request: Parser<Body>;
  /** The success answer (returnCode "0"); the server's tests parse every answer with it. */
  responseSchema: z.ZodMiniType<Response>;
  /** The refusals its service can answer (claim-refusals.ts), besides the chain's own checks. */
  refusals: readonly ClaimRefusalKind[];
  limits: readonly ClaimCallLimit[];
  /** An Idempotency-Key header makes a repeat answer the first answer. */
  idempotent: boolean;
};

/** The refusals of every OTP send: the claim, the number's and the address's ceilings, the SMS provider. */
export const OTP_SEND_REFUSALS = [
  "claim-closed",
  "no-active-otp",
  "otp-sends-exhausted",
  "too-many-requests",
  "sms-provider-failed",
] as const satisfies readonly ClaimRefusalKind[];

/** What the file itself can be refused for, on either upload. */
export const FILE_REFUSALS = [
  "type",
  "too-large",
  "too-many-pixels",
  "too-many-pages",
  "unreadable",
  "claim-file-count",
  "claim-too-large",
] as const satisfies readonly ClaimRefusalKind[];
