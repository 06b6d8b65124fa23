import { createHash } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import type { CompanyId } from "@kalinga/domain/channel";
import {
  PORTAL_ASSERTION_HEADER,
  TOKEN_END_REASONS,
  UPLOAD_DOCUMENT_FIELDS,
} from "@kalinga/domain/claim-api";
import {
  CLAIM_CALLS,
  type ClaimCallBody,
  type ClaimCallLimit,
  type ClaimCallName,
  type ClaimCallResponse,
  type ClaimCallSpec,
  type ClaimCalls,
} from "@kalinga/domain/claim-calls";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import { firstErrorPerField } from "@kalinga/domain/start-form";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ClaimAccess, tokenEndReason, useToken } from "../claims/claim-token.ts";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { DOCUMENT_ROUTE_MESSAGES } from "../documents/document-messages.ts";
import { keyedHash } from "../otp/keyed-hash.ts";
import { createAssertionVerifier, type PortalIdentity } from "../portal/portal-assertion.ts";
import { isRefusal, type Refusal } from "../refusal.ts";
import {
  API_MESSAGES,
  badRequest,
  continuedElsewhere,
  forbidden,
  portalChannelsOff,
  tooManyRequests,
  unauthorized,
} from "./api-error.ts";
import { apiKeyCheck } from "./api-key-auth.ts";
import { type ChallengeRule, createChallengeGate } from "./challenge.ts";
import { deviceKeyOf } from "./device-key.ts";
import {
  type CompleteIdempotentRequest,
  idempotencyKeyOf,
  withIdempotencyKey,
} from "./idempotency.ts";
import { idempotencyRequestHash } from "./idempotency-keys.ts";
import { type FormFile, MULTIPART_LIMITS, multipartFormReader } from "./multipart-form.ts";
import { giveBackHit, type RateWindow, takeHit } from "./rate-limit.ts";
import { refusalAnswer } from "./refusal-answer.ts";

// Every claim call of the domain's table (CLAIM_CALLS), registered here and checked by one chain,
// in this order: api key (401) → claim token (401; 429 once the address has failed too often) →
// OTP-verified token (403) → body (400) → the token's claim is the body's (403) → Idempotency-Key
// and device-key headers (400) → above its address's normal rate, the call's proof-of-work challenge (429 with a
// challenge, decision 0061) → the call's limits (429) → Idempotency-Key replay (409/422) → the
// handler, whose refusals one mapper answers. Limits count only what passed every check before them, so a
// stranger's failures behind a shared address use up nothing (docs/decisions/0030).

export const CLAIM_API_PREFIX = "/api/claims";
export const CLAIM_BODY_LIMIT_BYTES = 64 * 1024;

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
};

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
};

type ChallengedLimit = "claim-starts-per-address" | "otp-sends-per-address";
const isChallenged = (limit: ClaimCallLimit): limit is ChallengedLimit =>
  limit === "claim-starts-per-address" || limit === "otp-sends-per-address";

type BasicInformation = { companyName: string; channelName: string };
type Issue = { path: PropertyKey[]; message: string };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export async function claimCallRoutes(app: FastifyInstance, options: ClaimCallRoutesOptions) {
  const { db, config, secret, handlers } = options;
  const companyNames = new Set(Object.values(config.companyNames));
  const channelNames = new Set(Object.values(config.channelNames));
  // Every call of these channels carries the portal's assertion (decision 0059).
  const loggedInChannelNames = new Set([
    config.channelNames["member-portal"],
    config.channelNames["agent-assist"],
  ]);
  const maxFileBytes = config.documents.file.maxFileBytes;

  app.addHook("onRequest", apiKeyCheck(config.apiKeys));
  // Only the two uploads take multipart; every other call keeps taking JSON alone.
  await app.register(fastifyMultipart, {
    limits: { ...MULTIPART_LIMITS, fileSize: maxFileBytes },
    throwFileSizeLimit: true,
  });
  const readUploadForm = multipartFormReader(app, {
    textFields: [
      UPLOAD_DOCUMENT_FIELDS.webReferenceNumber,
      UPLOAD_DOCUMENT_FIELDS.slotKey,
      UPLOAD_DOCUMENT_FIELDS.replace,
    ],
    fileField: UPLOAD_DOCUMENT_FIELDS.file,
    maxFileBytes,
  });
  // A document the insurer asked for names its request instead of a slot (decision 0055).
  const readRequirementForm = multipartFormReader(app, {
    textFields: [UPLOAD_DOCUMENT_FIELDS.webReferenceNumber, "requirementId"],
    fileField: UPLOAD_DOCUMENT_FIELDS.file,
    maxFileBytes,
    unexpectedFieldMessage: DOCUMENT_ROUTE_MESSAGES.unexpectedRequirementField,
  });
  const readForm = (request: FastifyRequest, path: string) =>
    path === CLAIM_CALLS.uploadRequirementDocument.path
      ? readRequirementForm(request)
      : readUploadForm(request);

  const windows = {
    failedToken: {
      limit: config.failedToken.addressLimit,
      seconds: config.failedToken.addressWindowSeconds,
    },
    uploadClaim: {
      limit: config.documents.uploads.claimLimit,
      seconds: config.documents.uploads.claimWindowSeconds,
    },
    uploadAddress: {
      limit: config.documents.uploads.addressLimit,
      seconds: config.documents.uploads.addressWindowSeconds,
    },
  } satisfies Record<string, RateWindow>;
  const addressBucket = (kind: string, request: FastifyRequest) =>
    `${kind}-address:${keyedHash(secret, "address", request.ip)}`;

  async function takeHits(buckets: [string, RateWindow][], now: Date) {
    const taken: [string, RateWindow][] = [];
    for (const [bucket, window] of buckets) {
      const decision = await takeHit(db, bucket, window, now);
      if (!decision.allowed) {
        // A refused request changes nothing: the hits it took are given back.
        for (const [done, doneWindow] of taken) await giveBackHit(db, done, doneWindow, now);
        throw tooManyRequests(decision.retryAfterSeconds, DECIDED_MESSAGES.tooManyRequests);
      }
      taken.push([bucket, window]);
    }
  }

  const LIMITS: Record<
    Exclude<ClaimCallLimit, ChallengedLimit>,
    (request: FastifyRequest, claim: ClaimAccess | null) => [string, RateWindow][]
  > = {
    "uploads-per-claim-and-address": (request, claim) => [
      [`document-claim:${keyedHash(secret, "claim", claim?.claimId ?? "")}`, windows.uploadClaim],
      [addressBucket("document", request), windows.uploadAddress],
    ],
  };

  // Above an address's normal rate these calls cost the caller a proof of work instead of a refusal.
  const gate = createChallengeGate({ db, config, secret });
  const CHALLENGED: Record<ChallengedLimit, { kind: string; rule: ChallengeRule }> = {
    "claim-starts-per-address": {
      kind: "claim-start",
      rule: {
        free: config.claimStart.addressLimit,
        windowSeconds: config.claimStart.addressWindowSeconds,
        ceiling: null,
      },
    },
    "otp-sends-per-address": {
      kind: "otp-send",
      rule: {
        free: config.otp.sendAddressLimit,
        windowSeconds: config.otp.sendAddressWindowSeconds,
        ceiling: config.otp.sendAddressCeiling,
      },
    },
  };

  async function claimOfToken(request: FastifyRequest, spec: ClaimCallSpec<unknown, unknown>) {
    if (spec.credential === "api-key") return null;
    const token = bearerToken(request);
    const claim = token ? await useToken(db, token, config.now(), config.token.idleSeconds) : null;
    if (!claim) {
      // A token ended by a resume elsewhere was this caller's own: say so, and count no failure.
      if (token && (await tokenEndReason(db, token)) === TOKEN_END_REASONS.continuedElsewhere) {
        throw continuedElsewhere();
      }
      // Failed tokens have a bucket of their own: a flood of made-up tokens slows only further failures.
      await takeHits([[addressBucket("failed-token", request), windows.failedToken]], config.now());
      throw unauthorized(API_MESSAGES.unknownToken);
    }
    if (spec.credential === "verified-claim-token" && claim.rights !== "otp-verified") {
      throw forbidden(API_MESSAGES.notVerified);
    }
    // A tracking check's token opens no filing call, and a filing token no tracking call.
    if (spec.purpose !== "either" && spec.purpose !== claim.purpose) {
      throw forbidden(API_MESSAGES.otherClaim);
    }
    return claim;
  }

  const verifyAssertion = config.portal
    ? createAssertionVerifier(config.portal, Object.keys(config.companyNames) as CompanyId[])
    : null;
  const agentAssist = config.channelNames["agent-assist"];
  /**
   * The portal's user of a logged-in channel's call (decisions 0058, 0060): of the company the body
   * and the claim name, and a member on the member portal, an agent on agent assist.
   */
  async function portalOf(
    request: FastifyRequest,
    call: { companyNames: unknown[]; channelNames: string[] },
  ): Promise<PortalIdentity> {
    // No secret of the insurer's portal: the logged-in channels are off, and say so.
    if (!verifyAssertion) throw portalChannelsOff();
    const header = request.headers[PORTAL_ASSERTION_HEADER];
    const identity = await verifyAssertion(
      typeof header === "string" ? header : undefined,
      config.now(),
    );
    const refused =
      "refused" in identity
        ? identity.refused
        : call.companyNames.some((name) => name !== config.companyNames[identity.company])
          ? "other-company"
          : null;
    if (refused !== null || "refused" in identity) {
      request.log.info({ refused }, "portal assertion refused");
      throw unauthorized(API_MESSAGES.portalAssertion);
    }
    // A good sign-in on the other portal's calls: a member's on agent assist, an agent's on the member portal.
    if (call.channelNames.some((name) => (name === agentAssist) !== (identity.kind === "agent"))) {
      request.log.info({ kind: identity.kind }, "portal assertion of the other channel");
      throw forbidden(API_MESSAGES.portalOtherChannel);
    }
    return identity;
  }

  /** The body as the call's schema allows it, with the configured company and channel names. */
  function parseJson<Body>(spec: ClaimCallSpec<Body, unknown>, body: unknown): Body {
    const result = spec.request.safeParse(body);
    const issues: Issue[] = result.success ? [] : [...(result.error as { issues: Issue[] }).issues];
    const basic = (body as { basicInformation?: Partial<BasicInformation> } | null)
      ?.basicInformation;
    if (typeof basic?.companyName === "string" && !companyNames.has(basic.companyName)) {
      issues.push({
        path: ["basicInformation", "companyName"],
        message: API_MESSAGES.unknownCompany,
      });
    }
    if (typeof basic?.channelName === "string" && !channelNames.has(basic.channelName)) {
      issues.push({
        path: ["basicInformation", "channelName"],
        message: API_MESSAGES.unknownChannel,
      });
    }
    if (!result.success || issues.length > 0) throw badRequest(firstErrorPerField(issues));
    return result.data;
  }

  async function parseForm<Body>(spec: ClaimCallSpec<Body, unknown>, request: FastifyRequest) {
    const form = await readForm(request, spec.path);
    const result = spec.request.safeParse(form.fields);
    const errors = result.success
      ? []
      : firstErrorPerField((result.error as { issues: Issue[] }).issues);
    if (!form.file) {
      errors.push({
        field: UPLOAD_DOCUMENT_FIELDS.file,
        message: DOCUMENT_ROUTE_MESSAGES.fileMissing,
      });
    }
    if (!result.success || !form.file) throw badRequest(errors);
    return { body: result.data, file: form.file };
  }

  function register<K extends ClaimCallName>(name: K) {
    const spec = CLAIM_CALLS[name] as ClaimCallSpec<ClaimCallBody<K>, ClaimCallResponse<K>>;
    const handler = handlers[name] as ClaimCallHandler<K>;
    const multipart = spec.encoding === "multipart";
    // Claim answers carry tokens and are small: never compressed, so no BREACH-style guessing.
    const routeOptions = multipart
      ? { compress: false as const }
      : { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false as const };

    app.post(spec.path, routeOptions, async (request) => {
      const claim = await claimOfToken(request, spec);
      const { body, file } = multipart
        ? await parseForm(spec, request)
        : { body: parseJson(spec, request.body), file: null };
      const named = (body as { webReferenceNumber?: unknown }).webReferenceNumber;
      // A tracking call names a claim of the verified number; its service checks which.
      if (claim && !spec.namesTrackedClaim && claim.webReferenceNumber !== named) {
        throw forbidden(API_MESSAGES.otherClaim);
      }
      const { basicInformation, agentCode } = body as {
        basicInformation?: { channelName?: unknown; companyName?: unknown };
        agentCode?: unknown;
      };
      // The logged-in channels the call names: its body's and its claim's (the uploads' forms name
      // none). Such a call, or one of a table's portal calls, or one that carries an assertion at
      // all, has the assertion checked against the companies the body and the claim name.
      const channels = [basicInformation?.channelName, claim?.channelName].filter(
        (name): name is string => typeof name === "string" && loggedInChannelNames.has(name),
      );
      const companies = [basicInformation?.companyName, claim?.companyName].filter(
        (name) => name !== undefined,
      );
      const carried = request.headers[PORTAL_ASSERTION_HEADER] !== undefined;
      const portal =
        spec.portal || channels.length > 0 || carried
          ? await portalOf(request, { companyNames: companies, channelNames: channels })
          : null;
      // The agent code of a body is the assertion's, or the call is not the agent's.
      if (agentCode !== undefined && (portal?.kind !== "agent" || portal.agentCode !== agentCode)) {
        throw unauthorized(API_MESSAGES.portalAssertion);
      }
      const key = spec.idempotent ? idempotencyKeyOf(request) : null;
      // A malformed device key is refused before the challenge gate counts the call.
      deviceKeyOf(request);
      const now = config.now();
      const limits = spec.limits as readonly ClaimCallLimit[];
      for (const limit of limits) {
        if (!isChallenged(limit)) continue;
        const { kind, rule } = CHALLENGED[limit];
        await gate.pass({ request, call: name, kind, rule, claimId: claim?.claimId ?? null, now });
      }
      await takeHits(
        limits.flatMap((limit) => (isChallenged(limit) ? [] : LIMITS[limit](request, claim))),
        now,
      );
      const requestHash = idempotencyRequestHash(
        spec.path,
        file
          ? {
              ...(body as object),
              filename: file.filename,
              sha256: createHash("sha256").update(file.bytes).digest("hex"),
            }
          : body,
      );
      return withIdempotencyKey<ClaimCallResponse<K>>(
        db,
        { claimId: claim?.claimId ?? "", key, requestHash, now },
        async (complete) => {
          const outcome = await handler({
            request,
            body,
            claim,
            file,
            now,
            complete,
            portal,
          } as ClaimCallInput<K>);
          if (isRefusal(outcome)) throw refusalAnswer(outcome);
          return outcome;
        },
      );
    });
  }

  for (const name of Object.keys(CLAIM_CALLS) as ClaimCallName[]) register(name);
}
