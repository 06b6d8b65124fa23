import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import {
  INSURER_API_PREFIX,
  INSURER_CALLS,
  type InsurerCallName,
  type InsurerCallSpec,
} from "@kalinga/domain/insurer-calls";
import type { RefusalCode } from "@kalinga/domain/refusals";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { honourIdempotencyKeys, type IdempotencyRefusal } from "../http/caller-idempotency.ts";
import { parseFields } from "../http/field-problems.ts";
import type { Actor } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import { insurerOpenApiDocument } from "../openapi/openapi-document.ts";
import type { ImportReport } from "../policies/policy-import.ts";
import { insurerHandlers } from "./handlers/index.ts";
import { insurerAudit } from "./insurer-audit.ts";
import type { InsurerCallHandler, InsurerCallInput } from "./insurer-call.ts";
import { installInsurerErrors } from "./insurer-errors.ts";
import { insurerKeyCheck } from "./insurer-keys.ts";
import { fieldRefusal, invalidRequest, sendRefusal, unauthorized } from "./insurer-refusals.ts";

// The insurer integration API (docs/decisions/0052, 0073): every call of the domain's table
// (INSURER_CALLS), registered here behind one chain: the insurer's key (401) → path parameters
// (400) → Idempotency-Key replay on changes (400/409/422) → query and body (400) → the handler,
// whose refusals one mapper answers. Its own keys, sent as `Authorization: Bearer <key>`; the
// widget's key and claim tokens are never accepted here.

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

/** The OpenAPI document is public: it describes the calls, not a claim. */
const OPEN_API_PATH = `${INSURER_API_PREFIX}/openapi.json`;

/** The vocabulary's code of each rule an Idempotency-Key can break. */
const IDEMPOTENCY_REFUSALS = {
  format: "invalid-request",
  "same-request": "idempotency-mismatch",
  "not-in-flight": "idempotency-in-flight",
} as const satisfies Record<IdempotencyRefusal["rule"], RefusalCode>;

const actors = new WeakMap<FastifyRequest, Actor>();

function actorOf(request: FastifyRequest): Actor {
  const actor = actors.get(request);
  if (!actor) throw new Error("an insurer call ran without its key's actor");
  return actor;
}

/** Each part of the request its schema checks, or the problems of every part at fault. */
function parsePart(schema: z.ZodMiniType | undefined, input: unknown, reply: FastifyReply) {
  if (!schema) return { data: undefined };
  const result = parseFields(schema, input);
  if ("problems" in result) invalidRequest(reply, result.problems);
  return result;
}

export async function insurerRoutes(app: FastifyInstance, options: InsurerRouteOptions) {
  const keyName = insurerKeyCheck(options.keys);
  const handlers = insurerHandlers({ ...options, record: insurerAudit(options.db, options.now) });

  app.addHook("onRequest", async (request, reply) => {
    // The matched route, not the raw URL: an encoded or doubled spelling reaches the same route.
    if (request.routeOptions.url === OPEN_API_PATH) return;
    const name = keyName(request.headers.authorization);
    if (name === null) return unauthorized(reply);
    actors.set(request, { kind: "integration", id: name });
  });
  // A change sent again under one Idempotency-Key is done once, as in the claim API.
  honourIdempotencyKeys(app, {
    db: options.db,
    callerOf: (request) => {
      const caller = actors.get(request);
      return caller ? `integration:${caller.id}` : null;
    },
    now: options.now,
    refuse: (reply, refusal) =>
      fieldRefusal(reply, IDEMPOTENCY_REFUSALS[refusal.rule], {
        field: IDEMPOTENCY_KEY_HEADER,
        rule: refusal.rule,
        message: refusal.message,
      }),
  });

  // Every refusal of this plugin, its unknown paths and methods too, in the one error shape; after
  // the hooks above, before the routes, so it sees each route added and is guarded like them.
  installInsurerErrors(app, INSURER_API_PREFIX);

  const openApi = insurerOpenApiDocument();
  app.get(OPEN_API_PATH, async () => openApi);

  function register<K extends InsurerCallName>(name: K) {
    const spec: InsurerCallSpec = INSURER_CALLS[name];
    const handler = handlers[name] as InsurerCallHandler<K>;
    app.route({
      method: spec.method,
      url: spec.path,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      // A bad path parameter is 400 naming it, before an Idempotency-Key is taken or a handler runs.
      preValidation: async (request, reply) => {
        const params = parsePart(spec.params, request.params, reply);
        if ("problems" in params) return reply;
      },
      handler: async (request, reply) => {
        const query = parsePart(spec.query, request.query, reply);
        if ("problems" in query) return reply;
        const body = spec.bodyCheckedByHandler
          ? { data: undefined }
          : parsePart(spec.body, request.body, reply);
        if ("problems" in body) return reply;
        const input = {
          request,
          reply,
          actor: actorOf(request),
          params: request.params,
          query: query.data,
          body: body.data,
        } as InsurerCallInput<K>;
        const outcome = await handler(input);
        if (outcome === reply) return reply;
        if (typeof outcome === "object" && outcome !== null && "refused" in outcome) {
          return sendRefusal(reply, outcome);
        }
        return outcome;
      },
    });
  }

  for (const name of Object.keys(INSURER_CALLS) as InsurerCallName[]) register(name);
}
