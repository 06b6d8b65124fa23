import { createHash, timingSafeEqual } from "node:crypto";
import { CLAIM_STATUSES, DECISION_OUTCOMES, isClaimStatus } from "@kalinga/domain/claim-lifecycle";
import {
  DECISION_MESSAGES,
  DECISION_REASON_LIMIT,
  decisionNeedsReason,
} from "@kalinga/domain/claim-messages";
import { claimStatusLabel, policyNumberDisplay } from "@kalinga/domain/claim-status";
import { todayInManila } from "@kalinga/domain/dates";
import { hasUnsavableCharacters } from "@kalinga/domain/free-text";
import { policyRecordSchema } from "@kalinga/domain/policy-record";
import {
  calendarDateInput,
  dueDateProblem,
  idInput,
  instantInput,
  isInstant,
  queryText,
  wholeNumberInput,
} from "@kalinga/domain/route-inputs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { audit } from "../console/audit-log.ts";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { honourIdempotencyKeys } from "../http/caller-idempotency.ts";
import { checkPathParams } from "../http/route-params.ts";
import type { Actor, SubmittedClaim } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleRefusal, LifecycleService } from "../lifecycle/lifecycle-service.ts";
import type { ImportReport } from "../policies/policy-import.ts";
import { insurerKeyOf } from "./insurer-keys.ts";

// The insurer integration API (docs/decisions/0052-insurer-integration-api.md): the insurer's core
// claims system lists and reads submitted claims and answers them. Its own keys, sent as
// `Authorization: Bearer <key>`; the widget's key and claim tokens are never accepted here.

export const INSURER_API_PREFIX = "/api/insurer";
const PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
const MAX_REQUIREMENTS = 30;

const INSURER_MESSAGES = {
  unknownKey: "Missing or unknown integration key.",
  notFound: "No submitted claim has this web reference number.",
  documentNotFound: "This claim has no document with this id.",
  notAllowed: "This status cannot follow the claim's current status.",
  unknownStatus: "Not one of the server statuses.",
  needsRequirements:
    "A claim moves to PENDING DUE TO INCOMPLETE REQUIREMENTS by asking for requirements.",
  needsDecision:
    "Record the decision (outcome and reasonCode) to move the claim to WITH CLAIM DECISION.",
  notOverdue:
    "A claim can be closed for incomplete requirements only once an open item is past its due date.",
  badCursor: "The cursor is not one this API gave.",
  unsavable: "Contains characters that cannot be stored.",
  policies: `Send { "policies": [ … ] } with 1 to ${1000} policy records.`,
} as const;

const text = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !hasUnsavableCharacters(value), INSURER_MESSAGES.unsavable),
  );

export const statusChangeBody = z.strictObject({
  status: z.string(),
  reason: z.optional(z.nullable(text(500))),
  decision: z.optional(
    z.nullable(
      z
        .strictObject({
          outcome: z.enum(DECISION_OUTCOMES),
          reasonCode: text(40),
          // What the claimant reads of a decision other than approved (decision 0067).
          reason: z.optional(z.nullable(text(DECISION_REASON_LIMIT))),
        })
        .check(
          z.superRefine((decision, ctx) => {
            if (decisionNeedsReason(decision.outcome) && !decision.reason) {
              ctx.issues.push({
                code: "custom",
                message: DECISION_MESSAGES.reasonRequired,
                path: ["reason"],
                input: decision,
              });
            }
          }),
        ),
    ),
  ),
});

export const requirementsBody = z.strictObject({
  requirements: z
    .array(
      z.strictObject({
        documentCd: z.nullable(text(40)),
        description: text(500),
        dueDate: z.nullable(calendarDateInput),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_REQUIREMENTS)),
});

/** Each item's due date from today to a year ahead (decision 0064), as field errors. */
export function dueDateErrors(
  requirements: readonly { dueDate: string | null }[],
  today: string,
): { field: string; message: string }[] {
  return requirements.flatMap((item, index) => {
    const problem = item.dueDate === null ? null : dueDateProblem(item.dueDate, today);
    return problem ? [{ field: `requirements.${index}.dueDate`, message: problem }] : [];
  });
}

/** The list's query: each filter in its form, or 400 naming it. */
const listQuery = z.object({
  status: z.optional(z.string().check(z.refine(isClaimStatus, INSURER_MESSAGES.unknownStatus))),
  updatedSince: z.optional(instantInput),
  cursor: z.optional(queryText(200)),
  limit: z.optional(wholeNumberInput(1, MAX_PAGE_SIZE)),
});

export const policyMatchBody = z.strictObject({
  policyNumber: text(30),
  matchCode: z.int().check(z.gte(0), z.lte(9)),
});

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The client a key names, by the key's name (decision 0064), so events and the audit log say which key acted. */
function keyCheck(entries: readonly string[]) {
  const named = entries.map(insurerKeyOf);
  const known = named.map((entry) => digest(entry.key));
  return (request: FastifyRequest): Actor | null => {
    const header = request.headers.authorization;
    const match = typeof header === "string" ? /^Bearer (\S+)$/.exec(header) : null;
    if (!match?.[1]) return null;
    const sent = digest(match[1]);
    let found = -1;
    // Every key compared in constant time, so timing tells nothing about which one is close.
    known.forEach((key, index) => {
      if (timingSafeEqual(key, sent) && found < 0) found = index;
    });
    return found < 0 ? null : { kind: "integration", id: named[found]?.name ?? "" };
  };
}

type Cursor = { updatedAt: Date; claimId: string };

const encodeCursor = (claim: SubmittedClaim) =>
  Buffer.from(JSON.stringify([claim.updatedAt.toISOString(), claim.claimId])).toString("base64url");

function decodeCursor(raw: string): Cursor | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown[];
    if (typeof at !== "string" || typeof id !== "string") return null;
    // Decoded from the client: held to the same forms as the query, so the database never sees another.
    if (!isInstant(at) || !idInput.safeParse(id).success) return null;
    return { updatedAt: new Date(at), claimId: id };
  } catch {
    return null;
  }
}

function summary(claim: SubmittedClaim) {
  const basic = (claim.payload.basicInformation ?? {}) as Record<string, unknown>;
  return {
    webReferenceNumber: claim.webReferenceNumber,
    status: claim.status,
    statusLabel: claimStatusLabel(claim.status),
    claimType: claim.claimType,
    causeOfLoss: typeof basic.causeOfLoss === "string" ? basic.causeOfLoss : "",
    companyName: claim.companyName,
    submittedAt: claim.submittedAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

function sendRefusal(reply: FastifyReply, refusal: LifecycleRefusal) {
  switch (refusal.refused) {
    case "not-found":
      return reply.code(404).send({ error: "not-found", message: INSURER_MESSAGES.notFound });
    case "requirement-not-found":
      return reply
        .code(404)
        .send({ error: "requirement-not-found", message: INSURER_MESSAGES.notFound });
    case "not-allowed":
      return reply.code(409).send({
        error: "not-allowed",
        message: INSURER_MESSAGES.notAllowed,
        status: refusal.status,
        allowedNextStatuses: refusal.allowed,
      });
    case "unknown-status":
      return reply.code(400).send({
        error: "invalid-request",
        errors: [{ field: "status", message: INSURER_MESSAGES.unknownStatus }],
      });
    case "needs-requirements":
      return reply
        .code(409)
        .send({ error: refusal.refused, message: INSURER_MESSAGES.needsRequirements });
    case "needs-decision":
      return reply
        .code(409)
        .send({ error: refusal.refused, message: INSURER_MESSAGES.needsDecision });
    case "requirements-not-overdue":
      return reply.code(409).send({ error: refusal.refused, message: INSURER_MESSAGES.notOverdue });
    case "reopen-period-over":
      return reply.code(409).send({ error: refusal.refused, message: INSURER_MESSAGES.notAllowed });
  }
}

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, reply: FastifyReply): T | null {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  void reply.code(400).send({
    error: "invalid-request",
    errors: result.error.issues.map((issue) => ({
      field: issue.path.join(".") || "(body)",
      message: issue.message,
    })),
  });
  return null;
}

export type InsurerRouteOptions = {
  /** KALINGA_INSURER_KEYS entries: `name:key` or a plain key. */
  keys: readonly string[];
  db: Database;
  now: () => Date;
  lifecycle: LifecycleService;
  documentStore: DocumentStore;
  /** Upserts policy records and reports the refused rows (decision 0057). */
  importPolicies: (rows: readonly unknown[]) => Promise<ImportReport>;
};

const MAX_POLICIES_PER_CALL = 1000;

type RefParams = { webReferenceNumber: string };

export async function insurerRoutes(app: FastifyInstance, options: InsurerRouteOptions) {
  const actorOf = keyCheck(options.keys);
  const { lifecycle } = options;

  app.addHook("onRequest", async (request, reply) => {
    // The matched route, not the raw URL: an encoded or doubled spelling reaches the same route.
    if (request.routeOptions.url === `${INSURER_API_PREFIX}/openapi.json`) return;
    const actor = actorOf(request);
    if (!actor) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="kalinga-insurer"')
        .send({ error: "unauthorized", message: INSURER_MESSAGES.unknownKey });
    }
    (request as FastifyRequest & { actor?: Actor }).actor = actor;
  });
  const actor = (request: FastifyRequest) => (request as FastifyRequest & { actor: Actor }).actor;
  app.addHook("preValidation", checkPathParams);
  // A change sent again under one Idempotency-Key is done once, as in the claim API.
  honourIdempotencyKeys(app, {
    db: options.db,
    callerOf: (request) => {
      const caller = (request as FastifyRequest & { actor?: Actor }).actor;
      return caller ? `integration:${caller.id}` : null;
    },
    now: options.now,
  });

  /** Every read through the API is an audit row naming the key that read (decision 0064). */
  const record = (
    request: FastifyRequest,
    action: string,
    webReferenceNumber: string | null,
    detail: Record<string, unknown> = {},
  ) =>
    audit(
      options.db,
      {
        staffId: null,
        staffEmail: null,
        integrationKey: actor(request).id,
        action,
        webReferenceNumber,
        detail,
      },
      options.now(),
    );

  app.get(`${INSURER_API_PREFIX}/openapi.json`, async () => openApiDocument());

  app.get(`${INSURER_API_PREFIX}/claims`, async (request, reply) => {
    const query = parse(listQuery, request.query, reply);
    if (!query) return reply;
    const { status, updatedSince, cursor } = query;
    const limit = query.limit ?? PAGE_SIZE;
    const since = updatedSince === undefined ? null : new Date(updatedSince);
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && !after) {
      return reply.code(400).send({
        error: "invalid-request",
        errors: [{ field: "cursor", message: INSURER_MESSAGES.badCursor }],
      });
    }
    const rows = await lifecycle.listClaims({
      status: status !== undefined && isClaimStatus(status) ? status : null,
      updatedSince: since,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    await record(request, "claims.list", null, {
      count: page.length,
      filters: { status: status ?? null, updatedSince: updatedSince ?? null, limit },
    });
    return {
      claims: page.map(summary),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  });

  app.get<{ Params: RefParams }>(
    `${INSURER_API_PREFIX}/claims/:webReferenceNumber`,
    async (request, reply) => {
      const ref = request.params.webReferenceNumber;
      const read = await lifecycle.readClaim(ref);
      if (!read) {
        await record(request, "claim.refused", ref, {
          reason: "not-found",
          route: request.routeOptions.url,
        });
        return sendRefusal(reply, { refused: "not-found" });
      }
      await record(request, "claim.view", ref);
      const { claim } = read;
      return {
        ...summary(claim),
        allowedNextStatuses: read.allowedNextStatuses,
        decision: claim.decision,
        policyNumber: claim.policyNumber,
        matchCode: claim.matchCode,
        policyNumberDisplay:
          claim.matchCode === null
            ? null
            : policyNumberDisplay(claim.policyNumber, claim.matchCode),
        payload: claim.payload,
        documents: read.documents.map((document) => ({
          id: document.id,
          slot: document.slotKey,
          requirementId: document.requirementId,
          name: document.name,
          size: document.sizeBytes,
          sha256: document.sha256,
          downloadPath: `${INSURER_API_PREFIX}/claims/${encodeURIComponent(ref)}/documents/${document.id}`,
        })),
        requirements: read.requirements.map((item) => ({
          ...item,
          askedAt: item.askedAt.toISOString(),
          receivedAt: item.receivedAt?.toISOString() ?? null,
          decidedAt: item.decidedAt?.toISOString() ?? null,
        })),
        events: read.events.map((event) => ({ ...event, at: event.at.toISOString() })),
        clocks: read.clocks,
      };
    },
  );

  app.get<{ Params: RefParams & { id: string } }>(
    `${INSURER_API_PREFIX}/claims/:webReferenceNumber/documents/:id`,
    async (request, reply) => {
      const document = await lifecycle.findDocument(
        request.params.webReferenceNumber,
        request.params.id,
      );
      const ref = request.params.webReferenceNumber;
      if (!document) {
        await record(request, "claim.document.refused", ref, {
          documentId: request.params.id,
          reason: "not-found",
        });
        return reply
          .code(404)
          .send({ error: "not-found", message: INSURER_MESSAGES.documentNotFound });
      }
      await record(request, "claim.document.download", ref, {
        documentId: document.id,
        slot: document.slotKey,
      });
      const bytes = await options.documentStore.get(document.storageKey);
      const name = document.name.replace(/[^\w. -]/g, "_");
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("x-content-type-options", "nosniff")
        .send(Buffer.from(bytes));
    },
  );

  app.post<{ Params: RefParams }>(
    `${INSURER_API_PREFIX}/claims/:webReferenceNumber/status`,
    async (request, reply) => {
      const body = parse(statusChangeBody, request.body, reply);
      if (!body) return reply;
      const result = await lifecycle.changeStatus(
        request.params.webReferenceNumber,
        { status: body.status, reason: body.reason ?? null, decision: body.decision ?? null },
        actor(request),
      );
      if ("refused" in result) return sendRefusal(reply, result);
      return { webReferenceNumber: request.params.webReferenceNumber, ...result };
    },
  );

  app.post<{ Params: RefParams }>(
    `${INSURER_API_PREFIX}/claims/:webReferenceNumber/requirements`,
    async (request, reply) => {
      const body = parse(requirementsBody, request.body, reply);
      if (!body) return reply;
      const errors = dueDateErrors(body.requirements, todayInManila(options.now()));
      if (errors.length > 0) return reply.code(400).send({ error: "invalid-request", errors });
      const result = await lifecycle.askForRequirements(
        request.params.webReferenceNumber,
        body.requirements,
        actor(request),
      );
      if ("refused" in result) return sendRefusal(reply, result);
      return { webReferenceNumber: request.params.webReferenceNumber, ...result };
    },
  );

  // Up to 1,000 records a call, so a body may be larger than a claim call's.
  app.post(
    `${INSURER_API_PREFIX}/policies`,
    { bodyLimit: 2 * 1024 * 1024 },
    async (request, reply) => {
      const rows = (request.body as { policies?: unknown } | null)?.policies;
      if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_POLICIES_PER_CALL) {
        return reply.code(400).send({
          error: "invalid-request",
          errors: [{ field: "policies", message: INSURER_MESSAGES.policies }],
        });
      }
      return options.importPolicies(rows);
    },
  );

  app.post<{ Params: RefParams }>(
    `${INSURER_API_PREFIX}/claims/:webReferenceNumber/policy-match`,
    async (request, reply) => {
      const body = parse(policyMatchBody, request.body, reply);
      if (!body) return reply;
      const result = await lifecycle.setPolicyMatch(
        request.params.webReferenceNumber,
        body,
        actor(request),
      );
      if ("refused" in result) return sendRefusal(reply, result);
      return { webReferenceNumber: request.params.webReferenceNumber, ...result };
    },
  );
}

function policyRecordJson() {
  const { $schema: _, ...rest } = z.toJSONSchema(policyRecordSchema, { io: "input" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The OpenAPI 3.1 document of this API; request bodies come from the same zod schemas. */
export function openApiDocument() {
  const json = (schema: z.ZodMiniType) => {
    const { $schema: _, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
    return { content: { "application/json": { schema: rest } } };
  };
  const ref = {
    name: "webReferenceNumber",
    in: "path",
    required: true,
    schema: { type: "string" },
  };
  const problem = (description: string) => ({ description });
  return {
    openapi: "3.1.0",
    info: { title: "Kalinga insurer integration API", version: "1" },
    components: {
      securitySchemes: { integrationKey: { type: "http", scheme: "bearer" } },
    },
    security: [{ integrationKey: [] }],
    paths: {
      "/api/insurer/claims": {
        get: {
          summary: "Submitted claims, newest change first, 50 a page unless limit says",
          parameters: [
            { name: "status", in: "query", schema: { type: "string", enum: [...CLAIM_STATUSES] } },
            { name: "updatedSince", in: "query", schema: { type: "string", format: "date-time" } },
            { name: "cursor", in: "query", schema: { type: "string" } },
            {
              name: "limit",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
            },
          ],
          responses: {
            200: { description: "{ claims, nextCursor }" },
            400: problem("Bad query"),
            401: problem("No key"),
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}": {
        get: {
          summary: "One claim: status, decision, payload, documents, requirements, events, clocks",
          parameters: [ref],
          responses: { 200: { description: "The claim" }, 404: problem("No such submitted claim") },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/documents/{id}": {
        get: {
          summary: "A stored document, as an attachment",
          parameters: [ref, { name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { 200: { description: "application/pdf" }, 404: problem("No such document") },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/status": {
        post: {
          summary: "Move the claim to another server status",
          parameters: [ref],
          requestBody: json(statusChangeBody),
          responses: {
            200: { description: "{ webReferenceNumber, status }" },
            400: problem("Bad body"),
            409: problem("Not allowed now: { status, allowedNextStatuses }"),
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/requirements": {
        post: {
          summary: "Ask for every missing item at once; the claim moves to PENDING",
          parameters: [ref],
          requestBody: json(requirementsBody),
          responses: {
            200: { description: "{ status, requirementIds }" },
            409: problem("Not allowed now"),
          },
        },
      },
      "/api/insurer/policies": {
        post: {
          summary:
            "Add or update up to 1,000 policy records: { policies: [record] }; the same record again changes nothing",
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { policies: { type: "array", items: policyRecordJson() } },
                  required: ["policies"],
                },
              },
            },
          },
          responses: {
            200: { description: "{ inserted, updated, unchanged, rejected: [{ row, errors }] }" },
            400: problem("No records, or more than 1,000"),
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/policy-match": {
        post: {
          summary: "Set the policy number and matchCode of the claim status record",
          parameters: [ref],
          requestBody: json(policyMatchBody),
          responses: { 200: { description: "{ policyNumber, matchCode }" } },
        },
      },
    },
  };
}
