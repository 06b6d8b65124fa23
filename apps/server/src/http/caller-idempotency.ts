import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES } from "./api-error.ts";
import { idempotencyRequestHash, isIdempotencyKey } from "./idempotency-keys.ts";

// The Idempotency-Key of the console's and the integration API's changes (docs/decisions/0064), as
// the claim API honours it: the same key and request give the first answer again, the same key
// with another request is 422, a key whose first request still runs is 409. Keys belong to one
// caller (a staff account, an integration key) and are kept a day. Hooks on the routes' own plugin
// do it, so every change there, and any added later, honours the key without its handler knowing.

/** A request whose server died keeps its key in flight; after this long a retry may run again. */
const STALE_AFTER_MS = 5 * 60 * 1000;
/** How long a key is remembered: a client retries within minutes, not days. */
const CALLER_IDEMPOTENCY_HOURS = 24;
/** Fields of an answer that are shown once and never stored (a new account's temporary password). */
const SECRET_FIELDS = ["temporaryPassword", "csrfToken", "secret", "otpauthUri", "qrSvg"];

type Pending = { caller: string; key: string };
const pendingOf = new WeakMap<FastifyRequest, Pending>();

type Start =
  | { state: "new" }
  | { state: "replay"; status: number; body: string; type: string }
  | { state: "mismatch" }
  | { state: "in-flight" };

async function begin(
  db: Queryable,
  input: { caller: string; key: string; requestHash: string; now: Date },
): Promise<Start> {
  const { caller, key, now } = input;
  await db.query("DELETE FROM caller_idempotency_keys WHERE caller = $1 AND created_at < $2", [
    caller,
    new Date(now.getTime() - CALLER_IDEMPOTENCY_HOURS * 3600 * 1000),
  ]);
  const inserted = await db.query(
    `INSERT INTO caller_idempotency_keys (caller, key, request_hash, status, created_at)
     VALUES ($1, $2, $3, 'in-flight', $4) ON CONFLICT (caller, key) DO NOTHING`,
    [caller, key, input.requestHash, now],
  );
  if (inserted.rowCount === 1) return { state: "new" };
  const { rows } = await db.query<{
    request_hash: string;
    status: string;
    response_status: number | null;
    response_body: string | null;
    response_type: string | null;
  }>(
    `SELECT request_hash, status, response_status, response_body, response_type
     FROM caller_idempotency_keys WHERE caller = $1 AND key = $2`,
    [caller, key],
  );
  const row = rows[0];
  if (!row) return { state: "in-flight" };
  if (row.request_hash !== input.requestHash) return { state: "mismatch" };
  if (row.status === "done") {
    return {
      state: "replay",
      status: Number(row.response_status ?? 200),
      body: row.response_body ?? "",
      type: row.response_type ?? "application/json; charset=utf-8",
    };
  }
  const takenOver = await db.query(
    `UPDATE caller_idempotency_keys SET created_at = $3
     WHERE caller = $1 AND key = $2 AND status = 'in-flight' AND created_at < $4`,
    [caller, key, now, new Date(now.getTime() - STALE_AFTER_MS)],
  );
  return takenOver.rowCount === 1 ? { state: "new" } : { state: "in-flight" };
}

/** The answer as stored: JSON without the fields shown only once. */
function storable(payload: string): string {
  try {
    const body = JSON.parse(payload) as unknown;
    if (body === null || typeof body !== "object" || Array.isArray(body)) return payload;
    const kept = Object.entries(body).filter(([name]) => !SECRET_FIELDS.includes(name));
    return JSON.stringify(Object.fromEntries(kept));
  } catch {
    return payload;
  }
}

/** Why a key was refused: the answer's status, code and message, and the rule the key broke. */
export type IdempotencyRefusal = {
  statusCode: 400 | 409 | 422;
  error: string;
  message: string;
  rule: "format" | "same-request" | "not-in-flight";
};

export type CallerIdempotencyOptions = {
  db: Queryable;
  /** Who calls, once the route's own check passed; null: the route honours no key (signing in). */
  callerOf: (request: FastifyRequest) => string | null;
  now: () => Date;
  /** The answer in the API's own error shape; the console's when not given. */
  refuse?: (reply: FastifyReply, refusal: IdempotencyRefusal) => FastifyReply;
};

function consoleRefusal(reply: FastifyReply, refusal: IdempotencyRefusal): FastifyReply {
  const { statusCode, error, message } = refusal;
  if (statusCode === 400) {
    return reply
      .code(400)
      .send({ error, errors: [{ field: IDEMPOTENCY_KEY_HEADER, rule: refusal.rule, message }] });
  }
  return reply.code(statusCode).send({ error, message });
}

/** Registers the hooks on the plugin of the routes; its POST routes then honour the key. */
export function honourIdempotencyKeys(app: FastifyInstance, options: CallerIdempotencyOptions) {
  const { db } = options;
  app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST") return;
    const sent = request.headers[IDEMPOTENCY_KEY_HEADER];
    const caller = options.callerOf(request);
    if (sent === undefined || caller === null) return;
    const refuse = options.refuse ?? consoleRefusal;
    if (typeof sent !== "string" || !isIdempotencyKey(sent)) {
      return refuse(reply, {
        statusCode: 400,
        error: "invalid-request",
        message: API_MESSAGES.badIdempotencyKey,
        rule: "format",
      });
    }
    const requestHash = idempotencyRequestHash(request.routeOptions.url ?? request.url, {
      params: request.params,
      body: request.body ?? null,
    });
    const start = await begin(db, { caller, key: sent, requestHash, now: options.now() });
    if (start.state === "replay") {
      return reply
        .code(start.status)
        .header("content-type", start.type)
        .header("idempotent-replayed", "true")
        .send(start.body);
    }
    if (start.state === "mismatch") {
      return refuse(reply, {
        statusCode: 422,
        error: "idempotency-mismatch",
        message: API_MESSAGES.idempotencyMismatch,
        rule: "same-request",
      });
    }
    if (start.state === "in-flight") {
      return refuse(reply, {
        statusCode: 409,
        error: "idempotency-in-flight",
        message: API_MESSAGES.idempotencyInFlight,
        rule: "not-in-flight",
      });
    }
    pendingOf.set(request, { caller, key: sent });
  });

  // A success is kept for the retries; a refusal changed nothing, so its key is freed to try again.
  app.addHook("onSend", async (request, reply, payload) => {
    const pending = pendingOf.get(request);
    if (!pending) return payload;
    pendingOf.delete(request);
    const ok = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string";
    if (ok) {
      const type = reply.getHeader("content-type");
      await db.query(
        `UPDATE caller_idempotency_keys
         SET status = 'done', response_status = $3, response_body = $4, response_type = $5,
             completed_at = $6
         WHERE caller = $1 AND key = $2 AND status = 'in-flight'`,
        [
          pending.caller,
          pending.key,
          reply.statusCode,
          storable(payload),
          typeof type === "string" ? type : null,
          options.now(),
        ],
      );
    } else {
      await db.query(
        "DELETE FROM caller_idempotency_keys WHERE caller = $1 AND key = $2 AND status = 'in-flight'",
        [pending.caller, pending.key],
      );
    }
    return payload;
  });
}
