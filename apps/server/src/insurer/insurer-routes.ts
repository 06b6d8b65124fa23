import { createHash, timingSafeEqual } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import { CLAIM_STATUSES, isClaimStatus } from "@kalinga/domain/claim-lifecycle";
import { claimStatusLabel, policyNumberDisplay } from "@kalinga/domain/claim-status";
import { todayInManila } from "@kalinga/domain/dates";
import { documentSlotName } from "@kalinga/domain/document-slot-name";
import {
  dueDateErrors,
  LIFECYCLE_REQUEST_MESSAGES,
  claimListQuery as listQuery,
  MAX_CLAIM_PAGE_SIZE as MAX_PAGE_SIZE,
  MAX_POLICIES_PER_CALL,
  CLAIM_PAGE_SIZE as PAGE_SIZE,
  policyMatchBody,
  requirementsBody,
  statusChangeBody,
} from "@kalinga/domain/lifecycle-requests";
import { policyRecordSchema } from "@kalinga/domain/policy-record";
import { idInput, isInstant } from "@kalinga/domain/route-inputs";
import { WEB_REFERENCE_PATTERN } from "@kalinga/domain/web-reference-number";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { audit } from "../console/audit-log.ts";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { honourIdempotencyKeys } from "../http/caller-idempotency.ts";
import { parseFields } from "../http/field-problems.ts";
import { pathParamProblems } from "../http/route-params.ts";
import type { Actor, SubmittedClaim } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import type { ImportReport } from "../policies/policy-import.ts";
import {
  fieldRefusal,
  INSURER_MESSAGES,
  installInsurerErrors,
  invalidRequest,
  sendRefusal,
  unauthorized,
} from "./insurer-errors.ts";
import { insurerKeyOf } from "./insurer-keys.ts";

// The insurer integration API (docs/decisions/0052-insurer-integration-api.md): the insurer's core
// claims system lists and reads submitted claims and answers them. Its own keys, sent as
// `Authorization: Bearer <key>`; the widget's key and claim tokens are never accepted here.

export const INSURER_API_PREFIX = "/api/insurer";
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

function parse<T>(schema: z.ZodMiniType<T>, input: unknown, reply: FastifyReply): T | null {
  const result = parseFields(schema, input);
  if ("data" in result) return result.data;
  void invalidRequest(reply, result.problems);
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

type RefParams = { webReferenceNumber: string };

export async function insurerRoutes(app: FastifyInstance, options: InsurerRouteOptions) {
  const actorOf = keyCheck(options.keys);
  const { lifecycle } = options;

  app.addHook("onRequest", async (request, reply) => {
    // The matched route, not the raw URL: an encoded or doubled spelling reaches the same route.
    if (request.routeOptions.url === `${INSURER_API_PREFIX}/openapi.json`) return;
    const actor = actorOf(request);
    if (!actor) return unauthorized(reply);
    (request as FastifyRequest & { actor?: Actor }).actor = actor;
  });
  const actor = (request: FastifyRequest) => (request as FastifyRequest & { actor: Actor }).actor;
  app.addHook("preValidation", async (request, reply) => {
    // The catch-all route's "*" is any unknown path: it answers 404 itself.
    const { "*": _, ...params } = (request.params ?? {}) as Record<string, unknown>;
    const problems = pathParamProblems(params);
    if (problems.length > 0) return invalidRequest(reply, problems);
  });
  // A change sent again under one Idempotency-Key is done once, as in the claim API.
  honourIdempotencyKeys(app, {
    db: options.db,
    callerOf: (request) => {
      const caller = (request as FastifyRequest & { actor?: Actor }).actor;
      return caller ? `integration:${caller.id}` : null;
    },
    now: options.now,
    refuse: (reply, refusal) =>
      fieldRefusal(reply, refusal.statusCode, refusal.error, {
        field: IDEMPOTENCY_KEY_HEADER,
        rule: refusal.rule,
        message: refusal.message,
      }),
  });

  // Every refusal of this plugin, its unknown paths and methods too, in the one error shape; after
  // the hooks above, before the routes, so it sees each route added and is guarded like them.
  installInsurerErrors(app, INSURER_API_PREFIX);

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
      return invalidRequest(reply, [
        { field: "cursor", rule: "format", message: LIFECYCLE_REQUEST_MESSAGES.badCursor },
      ]);
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
        documents: read.documents.map((document) => {
          const named = documentSlotName(document, {
            payload: claim.payload,
            requirements: read.requirements,
          });
          return {
            id: document.id,
            slot: document.slotKey,
            // What the document is and whose, so a core system files it without the catalogue.
            slotName: named.name,
            beneficiary: named.beneficiary,
            requirementId: document.requirementId,
            name: document.name,
            size: document.sizeBytes,
            sha256: document.sha256,
            downloadPath: `${INSURER_API_PREFIX}/claims/${encodeURIComponent(ref)}/documents/${document.id}`,
          };
        }),
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
        return fieldRefusal(reply, 404, "not-found", {
          field: "id",
          rule: "exists",
          message: INSURER_MESSAGES.documentNotFound,
        });
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
      if (errors.length > 0) return invalidRequest(reply, errors);
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
        return invalidRequest(reply, [
          {
            field: "policies",
            rule: "count",
            message: LIFECYCLE_REQUEST_MESSAGES.policies(MAX_POLICIES_PER_CALL),
          },
        ]);
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

/** The rules an error can name, as the OpenAPI document lists them (decision 0070). */
const ERROR_RULES = {
  required: "the field is missing",
  type: "the value has the wrong JSON type",
  "unknown-key": "the body has a field this request does not take",
  "one-of": "the value is not one of those listed in the message",
  min: "too short, too small or too few",
  max: "too long, too large or too many",
  format: "the value is not in its form (a UUID, a web reference number, a cursor, …)",
  text: "the text holds characters that cannot be stored",
  date: "not a real calendar date as yyyy-MM-dd",
  "due-date": "a due date before the next working day in Manila or more than 365 days ahead",
  count: "too few or too many records",
  json: "the body is not JSON",
  "max-size": "the body is too large",
  "known-key": "the integration key is missing or unknown",
  exists: "no such claim, document or item",
  route: "no route has this path",
  "allowed-method": "the path does not take this method",
  "allowed-next-status": "the status cannot follow the claim's current status",
  "ask-for-requirements": "PENDING is entered by asking for requirements",
  "required-for-status": "WITH CLAIM DECISION needs the decision",
  "every-open-item-past-due": "closing waits until every open item is past its due date",
  "within-reopen-period": "the reopen period is over",
  "same-request": "the Idempotency-Key was used for another request",
  "not-in-flight": "a request with this Idempotency-Key is still running",
} as const;

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
    schema: { type: "string", pattern: WEB_REFERENCE_PATTERN.source },
  };
  const problem = (description: string) => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Problem" } } },
  });
  /** The answers every route may give besides its own. */
  const common = {
    400: problem("Bad input: each field with its rule in errors"),
    401: problem("No key, or an unknown one (error: unauthorized)"),
    500: problem("A failure on the server; nothing was changed (errors is empty)"),
  };
  const change = {
    ...common,
    404: problem("No submitted claim has this web reference number (error: not-found)"),
    409: problem("Refused by the claim's lifecycle, or the Idempotency-Key is still running"),
    422: problem("The Idempotency-Key was used for another request"),
  };
  const ruleList = Object.entries(ERROR_RULES)
    .map(([rule, meaning]) => `${rule}: ${meaning}`)
    .join("; ");
  return {
    openapi: "3.1.0",
    info: {
      title: "Kalinga insurer integration API",
      version: "1",
      description:
        "Every answer that is not a success is a Problem: a stable error code, a message for a person, and each field at fault with the rule it broke.",
    },
    components: {
      securitySchemes: { integrationKey: { type: "http", scheme: "bearer" } },
      schemas: {
        Problem: {
          type: "object",
          required: ["error", "message", "errors"],
          properties: {
            error: {
              type: "string",
              description:
                "invalid-request, unauthorized, not-found, method-not-allowed, not-allowed, needs-requirements, needs-decision, requirements-not-overdue, reopen-period-over, idempotency-mismatch, idempotency-in-flight, body-too-large, unsupported-media-type, server-error",
            },
            message: { type: "string" },
            errors: {
              type: "array",
              description: "What in the request to change; empty only for a failure on the server.",
              items: { $ref: "#/components/schemas/FieldProblem" },
            },
            status: {
              type: "string",
              enum: [...CLAIM_STATUSES],
              description: "not-allowed only: the claim's current status",
            },
            allowedNextStatuses: {
              type: "array",
              items: { type: "string", enum: [...CLAIM_STATUSES] },
              description: "not-allowed only: where the claim may go from here",
            },
          },
        },
        FieldProblem: {
          type: "object",
          required: ["field", "rule", "message"],
          properties: {
            field: {
              type: "string",
              description:
                "The field's path in the body or query (requirements.0.dueDate), a path parameter, a header (authorization, idempotency-key), or body, path or method",
            },
            rule: { type: "string", description: `The rule it broke. ${ruleList}.` },
            message: { type: "string" },
          },
        },
        Document: {
          type: "object",
          required: ["id", "slot", "slotName", "beneficiary", "requirementId", "name"],
          properties: {
            id: { type: "string", format: "uuid" },
            slot: { type: "string", description: "The upload slot's code, or REQ-<item id>" },
            slotName: {
              type: "string",
              description:
                "What the document is: the catalogue's name of its slot, or the description of the item it answers",
            },
            beneficiary: {
              oneOf: [
                { type: "null" },
                {
                  type: "object",
                  required: ["beneficiaryNo", "name"],
                  properties: {
                    beneficiaryNo: { type: "integer", minimum: 1 },
                    name: { type: "string" },
                  },
                },
              ],
              description: "Death claims: the beneficiary the document belongs to",
            },
            requirementId: { type: ["string", "null"] },
            name: { type: "string", description: "The file's name as stored" },
            size: { type: "integer" },
            sha256: { type: "string" },
            downloadPath: { type: "string" },
          },
        },
      },
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
          responses: { 200: { description: "{ claims, nextCursor }" }, ...common },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}": {
        get: {
          summary: "One claim: status, decision, payload, documents, requirements, events, clocks",
          parameters: [ref],
          responses: {
            200: {
              description: "The claim; each document named, with the beneficiary it belongs to",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      documents: {
                        type: "array",
                        items: { $ref: "#/components/schemas/Document" },
                      },
                    },
                  },
                },
              },
            },
            ...common,
            404: problem("No such submitted claim"),
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/documents/{id}": {
        get: {
          summary: "A stored document, as an attachment",
          parameters: [
            ref,
            { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          ],
          responses: {
            200: { description: "application/pdf" },
            ...common,
            404: problem("No such document"),
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/status": {
        post: {
          summary: "Move the claim to another server status",
          parameters: [ref],
          requestBody: json(statusChangeBody),
          responses: { 200: { description: "{ webReferenceNumber, status }" }, ...change },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/requirements": {
        post: {
          summary:
            "Ask for every missing item at once, each due from the next working day in Manila; the claim moves to PENDING",
          parameters: [ref],
          requestBody: json(requirementsBody),
          responses: { 200: { description: "{ status, requirementIds }" }, ...change },
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
            ...common,
          },
        },
      },
      "/api/insurer/claims/{webReferenceNumber}/policy-match": {
        post: {
          summary: "Set the policy number and matchCode of the claim status record",
          parameters: [ref],
          requestBody: json(policyMatchBody),
          responses: { 200: { description: "{ policyNumber, matchCode }" }, ...change },
        },
      },
    },
  };
}
