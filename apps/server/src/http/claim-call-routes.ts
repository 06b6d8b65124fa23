import fastifyMultipart from "@fastify/multipart";
import {
  CLAIM_CALLS,
  type ClaimCallBody,
  type ClaimCallName,
  type ClaimCallResponse,
  type ClaimCallSpec,
  type ClaimCalls,
} from "@kalinga/domain/claim-calls";
import type { CompanyConfig } from "@kalinga/domain/company-config";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { ServerMetrics } from "../metrics/server-metrics.ts";
import { isRefusal, type Refusal } from "../refusal.ts";
import { ApiError } from "./api-error.ts";
import { apiKeyCheck } from "./api-key-auth.ts";
import type { ChallengeTicket } from "./challenge.ts";
import { checkClaimNamed, claimTokenCheck, portalCheck } from "./claim-call-access.ts";
import { checkClaimCallAnswer } from "./claim-call-answer-check.ts";
import { claimCallBodyReader } from "./claim-call-body.ts";
import { createClaimCallLimits } from "./claim-call-limits.ts";
import type { ClaimAccess } from "./claim-token.ts";
import { deviceKeyOf } from "./device-key.ts";
import {
  type CompleteIdempotentRequest,
  idempotencyKeyOf,
  withIdempotencyKey,
} from "./idempotency.ts";
import { idempotencyRequestHash } from "./idempotency-keys.ts";
import { type FormFile, MULTIPART_LIMITS, removeFormFiles } from "./multipart-form.ts";
import type { PortalIdentity } from "./portal-assertion.ts";
import { refusalAnswer } from "./refusal-answer.ts";

// Every claim call of the domain's table (CLAIM_CALLS), registered here and checked by one chain,
// in this order: api key (401) → claim token (401; 429 once the address has failed too often) →
// OTP-verified token (403) → body (400) → the token's claim is the body's (403) → Idempotency-Key
// and device-key headers (400) → above its address's normal rate, the call's proof-of-work
// challenge (429 with a challenge, decision 0061) → the call's limits (429) → Idempotency-Key
// replay (409/422) → the handler, whose refusals one mapper answers (and, under test, whose answer
// is held to its row: decision 0074). Limits count only what passed every check before them, so a
// stranger's failures behind a shared address use up nothing (docs/decisions/0030).

export const CLAIM_API_PREFIX = "/api/claims";
const CLAIM_BODY_LIMIT_BYTES = 64 * 1024;

export type ClaimCallInput<K extends ClaimCallName> = {
  request: FastifyRequest;
  body: ClaimCallBody<K>;
  /** The claim the token names: every handler takes its claim from here, never from the body. */
  claim: ClaimCalls[K]["credential"] extends "api-key" ? null : ClaimAccess;
  file: ClaimCalls[K]["encoding"] extends "multipart" ? FormFile : null;
  now: Date;
  complete: CompleteIdempotentRequest<ClaimCallResponse<K>>;
  /** The portal's verified user, on a call that needs the assertion; null on every other call. */
  portal: PortalIdentity | null;
  /**
   * On a call whose handler takes its challenge's free hit in its own statement (decision 0108):
   * that hit, and the claim's language to record once the gate passes; null on every other call.
   */
  gate: CallGate | null;
};

/** What a handler that takes its own gate records with it. */
export type CallGate = { ticket: ChallengeTicket; locale: string | null };

export type ClaimCallHandler<K extends ClaimCallName> = (
  input: ClaimCallInput<K>,
) => Promise<ClaimCallResponse<K> | Refusal>;

/** One handler per call of the table; the type fails to check when a call has none. */
export type ClaimCallHandlers = { [K in ClaimCallName]: ClaimCallHandler<K> };

export type ClaimCallRoutesOptions = {
  db: Database;
  config: ServerConfig;
  /** Keys the per-address and per-claim buckets, so no bucket name holds an address. */
  secret: string;
  handlers: ClaimCallHandlers;
  /** The configured companies as they are now (decision 0083). */
  companies: () => Promise<readonly CompanyConfig[]>;
  /** Keeps the claim's language as the widget names it on each call (decision 0089). */
  recordCallLocale: (claim: ClaimAccess, request: FastifyRequest) => Promise<void>;
  /** The language a call names that its claim does not have yet; null when nothing changes. */
  callLocaleChange: (claim: ClaimAccess, request: FastifyRequest) => string | null;
  /** The calls whose handlers take their challenge's free hit, and their language, themselves. */
  gatedByHandler: ReadonlySet<ClaimCallName>;
  metrics: Pick<ServerMetrics, "challenge" | "uploadBytes" | "uploadRefused">;
};

/** The refusal code of an upload refused before its handler: the form's size limit or a ceiling. */
function uploadRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.statusCode === 413) return "too-large";
  return error.statusCode === 429 ? "too-many-requests" : null;
}

/** The request hash of an Idempotency-Key: the body, and on an upload the file's name and digest. */
function requestHashOf(path: string, body: unknown, file: FormFile | null) {
  if (!file) return idempotencyRequestHash(path, body);
  return idempotencyRequestHash(path, {
    ...(body as object),
    filename: file.filename,
    sha256: file.sha256,
  });
}

export async function claimCallRoutes(app: FastifyInstance, options: ClaimCallRoutesOptions) {
  const { db, config, secret, handlers, companies, recordCallLocale, metrics } = options;
  const { callLocaleChange, gatedByHandler } = options;
  app.addHook("onRequest", apiKeyCheck(config.apiKeys));
  // Only the two uploads take multipart; every other call keeps taking JSON alone.
  await app.register(fastifyMultipart, {
    limits: { ...MULTIPART_LIMITS, fileSize: config.documents.file.maxFileBytes },
    throwFileSizeLimit: true,
  });
  const readBody = claimCallBodyReader(app, config, companies);
  const limits = createClaimCallLimits({ db, config, secret, metrics });
  const claimOfToken = claimTokenCheck(db, config, limits);
  const portalOfCall = portalCheck(config, companies);
  // Under test every answer is held to its row of the table.
  const checkAnswers = config.mode === "test";
  /** Upload refusals the handler's answer counted already. */
  const counted = new WeakSet<object>();

  /** The checks before the handler, in the chain's order: what the handler is given. */
  async function admit<K extends ClaimCallName>(name: K, request: FastifyRequest) {
    const spec = CLAIM_CALLS[name] as ClaimCallSpec<ClaimCallBody<K>>;
    const claim = await claimOfToken(request, spec);
    const { body, file } = await readBody(spec, request);
    checkClaimNamed(spec, claim, body as object);
    const portal = await portalOfCall(request, spec, claim, body as object);
    const key = spec.idempotent ? idempotencyKeyOf(request) : null;
    // A malformed device key is refused before the challenge gate counts the call.
    deviceKeyOf(request);
    const now = config.now();
    const ticketed = gatedByHandler.has(name);
    const ticket = await limits.pass(name, spec.limits, { request, claim, now, ticketed });
    const locale = claim && ticketed ? callLocaleChange(claim, request) : null;
    if (claim && !ticketed) await recordCallLocale(claim, request);
    const gate = ticket ? { ticket, locale } : null;
    return { spec, claim, body, file, portal, key, now, gate };
  }

  function register<K extends ClaimCallName>(name: K) {
    const handler = handlers[name] as ClaimCallHandler<K>;
    const { path, encoding } = CLAIM_CALLS[name];
    // Claim answers carry tokens and are small: never compressed, so no BREACH-style guessing.
    const routeOptions =
      encoding === "multipart"
        ? { compress: false as const }
        : { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false as const };

    const answer = async (request: FastifyRequest) => {
      const { spec, claim, body, file, portal, key, now, gate } = await admit(name, request);
      if (file) metrics.uploadBytes(file.sizeBytes);
      const requestHash = requestHashOf(spec.path, body, file);
      return withIdempotencyKey<ClaimCallResponse<K>>(
        db,
        { claimId: claim?.claimId ?? "", key, requestHash, now, clock: config.now },
        async (complete) => {
          const input = { request, body, claim, file, now, complete, portal, gate };
          const outcome = await handler(input as ClaimCallInput<K>);
          const refusal = isRefusal(outcome) ? outcome : null;
          if (checkAnswers) checkClaimCallAnswer(request, spec, outcome, refusal);
          if (refusal) {
            const answer = refusalAnswer(refusal);
            if (file) {
              metrics.uploadRefused(refusal.refused);
              counted.add(answer);
            }
            throw answer;
          }
          return outcome as ClaimCallResponse<K>;
        },
      );
    };
    app.post(path, routeOptions, async (request) => {
      if (encoding !== "multipart") return answer(request);
      try {
        return await answer(request);
      } catch (error) {
        // An upload's refusals are counted by reason, whether the form, the file or the claim refused.
        const reason = counted.has(error as object) ? null : uploadRefusalOf(error);
        if (reason !== null) metrics.uploadRefused(reason);
        throw error;
      } finally {
        // The uploaded file's temporary copy, whatever the answer (stored, refused or failed).
        await removeFormFiles(request);
      }
    });
  }

  for (const name of Object.keys(CLAIM_CALLS) as ClaimCallName[]) register(name);
}
