import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_KEY_HEADER } from "@kalinga/domain/claim-api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { API_MESSAGES } from "./api-error.ts";
import { idempotencyRequestHash, isIdempotencyKey } from "./idempotency-keys.ts";
import { IDEMPOTENCY_LEASE, type IdempotencyLease, keepRenewing, leaseEnd } from "./key-lease.ts";

// The Idempotency-Key of the console's and the integration API's changes (docs/decisions/0064), as
// the claim API honours it: the same key and request give the first answer again, the same key
// with another request is 422, a key whose first request still runs is 409; one whose server died
// is taken over once its lease runs out (decision 0110). Keys belong to one caller (a staff
// account, an integration key) and are kept a day. Hooks on the routes' own plugin do it, so every
// change there, and any added later, honours the key without its handler knowing.

/** How long a key is remembered: a client retries within minutes, not days. */
const CALLER_IDEMPOTENCY_HOURS = 24;
/** Fields of an answer that are shown once and never stored (a new account's temporary password). */
const SECRET_FIELDS = ["temporaryPassword", "csrfToken", "secret", "otpauthUri", "qrSvg"];

/** One call's hold on its key: the holder names the attempt, so only it renews, completes or frees it. */
export type CallerKeyHold = { caller: string; key: string; holder: string };

type Pending = { hold: CallerKeyHold; stopRenewing: () => void };
const pendingOf = new WeakMap<FastifyRequest, Pending>();

export type CallerKeyStart =
  | { state: "new"; holder: string }
  | { state: "replay"; status: number; body: string; type: string }
  | { state: "mismatch" }
  | { state: "in-flight" };

/** SHA-256 over the matched route, its parameters and its body. */
export function callerRequestHash(route: string, params: unknown, body: unknown): string {
  return idempotencyRequestHash(route, { params, body: body ?? null });
}

/** State "new" comes with the hold, for leaseMs from now; the call renews it while it runs. */
export async function beginCallerRequest(
  db: Queryable,
  input: { caller: string; key: string; requestHash: string; now: Date; leaseMs: number },
): Promise<CallerKeyStart> {
  const { caller, key, now } = input;
  await db.query("DELETE FROM caller_idempotency_keys WHERE caller = $1 AND created_at < $2", [
    caller,
    new Date(now.getTime() - CALLER_IDEMPOTENCY_HOURS * 3600 * 1000),
  ]);
  const holder = randomUUID();
  const leaseUntil = leaseEnd(now, input.leaseMs);
  const inserted = await db.query(
    `INSERT INTO caller_idempotency_keys
       (caller, key, request_hash, status, created_at, holder, lease_until)
     VALUES ($1, $2, $3, 'in-flight', $4, $5, $6) ON CONFLICT (caller, key) DO NOTHING`,
    [caller, key, input.requestHash, now, holder, leaseUntil],
  );
  if (inserted.rowCount === 1) return { state: "new", holder };
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
  // Removed between the two statements (freed): the caller may simply try again.
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
  // The call holding it stopped renewing (its server died): this attempt takes the key over.
  const takenOver = await db.query(
    `UPDATE caller_idempotency_keys SET holder = $3, lease_until = $4
     WHERE caller = $1 AND key = $2 AND status = 'in-flight' AND lease_until <= $5`,
    [caller, key, holder, leaseUntil, now],
  );
  return takenOver.rowCount === 1 ? { state: "new", holder } : { state: "in-flight" };
}

/** Extends the hold's lease to leaseUntil; false when the key is no longer this attempt's. */
async function renewCallerRequest(
  db: Queryable,
  hold: CallerKeyHold,
  leaseUntil: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE caller_idempotency_keys SET lease_until = $4
     WHERE caller = $1 AND key = $2 AND holder = $3 AND status = 'in-flight'`,
    [hold.caller, hold.key, hold.holder, leaseUntil],
  );
  return rowCount === 1;
}

/** Keeps the answer for the retries; false when another attempt took the key over meanwhile. */
export async function completeCallerRequest(
  db: Queryable,
  input: CallerKeyHold & { status: number; body: string; type: string | null; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE caller_idempotency_keys
     SET status = 'done', response_status = $4, response_body = $5, response_type = $6,
         completed_at = $7, holder = NULL, lease_until = NULL
     WHERE caller = $1 AND key = $2 AND holder = $3 AND status = 'in-flight'`,
    [input.caller, input.key, input.holder, input.status, input.body, input.type, input.now],
  );
  return rowCount === 1;
}

/** Frees the key after a refusal that changed nothing, so the caller's retry runs. */
export async function abandonCallerRequest(db: Queryable, hold: CallerKeyHold): Promise<void> {
  await db.query(
    `DELETE FROM caller_idempotency_keys
     WHERE caller = $1 AND key = $2 AND holder = $3 AND status = 'in-flight'`,
    [hold.caller, hold.key, hold.holder],
  );
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
  /** The lease of a running call's key; IDEMPOTENCY_LEASE unless a test shortens it. */
  lease?: IdempotencyLease;
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

/** Before the handler: a replay or a refusal answers at once; a new key is held and renewed. */
async function takeKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: CallerIdempotencyOptions,
) {
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
  const { db, now } = options;
  const lease = options.lease ?? IDEMPOTENCY_LEASE;
  const route = request.routeOptions.url ?? request.url;
  const requestHash = callerRequestHash(route, request.params, request.body);
  const input = { caller, key: sent, requestHash, now: now(), leaseMs: lease.leaseMs };
  const start = await beginCallerRequest(db, input);
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
  const hold = { caller, key: sent, holder: start.holder };
  const renew = (leaseUntil: Date) => renewCallerRequest(db, hold, leaseUntil);
  pendingOf.set(request, { hold, stopRenewing: keepRenewing(renew, now, lease) });
}

/** As the answer leaves: a success is kept for the retries; a refusal frees the key. */
async function settleKey(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  options: CallerIdempotencyOptions,
) {
  const pending = pendingOf.get(request);
  if (!pending) return;
  pendingOf.delete(request);
  pending.stopRenewing();
  const { hold } = pending;
  const ok = reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string";
  // A refusal changed nothing, so its key is freed to try again.
  if (!ok) return abandonCallerRequest(options.db, hold);
  const type = reply.getHeader("content-type");
  const answer = {
    status: reply.statusCode,
    body: storable(payload),
    type: typeof type === "string" ? type : null,
    now: options.now(),
  };
  const kept = await completeCallerRequest(options.db, { ...hold, ...answer });
  if (!kept) {
    // Its renewals stopped long enough for a retry to take the key: the retry's answer is kept.
    request.log.warn({ caller: hold.caller }, "idempotency key taken over while its call ran");
  }
}

/** Registers the hooks on the plugin of the routes; its POST routes then honour the key. */
export function honourIdempotencyKeys(app: FastifyInstance, options: CallerIdempotencyOptions) {
  app.addHook("preHandler", (request, reply) => takeKey(request, reply, options));
  app.addHook("onSend", async (request, reply, payload) => {
    await settleKey(request, reply, payload, options);
    return payload;
  });
  // Had the answer left without its onSend (a hook before it failed), the renewals stop here.
  app.addHook("onResponse", async (request) => pendingOf.get(request)?.stopRenewing());
}
