import { createHash } from "node:crypto";
import type { Queryable } from "../db/database.ts";

// Idempotency-Key for uploadDocument and finalSubmitClaim (decision 0025): the same key and
// request give the first response again, the same key with another request is refused (422), a key
// whose first request still runs is refused (409). Keys belong to one claim. Completing the key in
// the same transaction as the change it answers makes a retry after a crash replay, never redo.

export type IdempotencyStart =
  | { state: "new" }
  | { state: "replay"; response: unknown }
  | { state: "mismatch" }
  | { state: "in-flight" };

/** A request whose server died keeps its key in flight; after this long a retry may run again. */
const DEFAULT_STALE_AFTER_MS = 5 * 60 * 1000;

/** Printable ASCII, 1 to 255 characters (a UUID from the widget fits). */
export function isIdempotencyKey(value: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(value);
}

/** SHA-256 over the operation and what identifies the request (e.g. slot and file hash). */
export function idempotencyRequestHash(operation: string, request: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([operation, request]))
    .digest("hex");
}

export async function beginIdempotentRequest(
  q: Queryable,
  input: { claimId: string; key: string; requestHash: string; now: Date; staleAfterMs?: number },
): Promise<IdempotencyStart> {
  const inserted = await q.query(
    `INSERT INTO idempotency_keys (claim_id, key, request_hash, status, created_at)
     VALUES ($1, $2, $3, 'in-flight', $4)
     ON CONFLICT (claim_id, key) DO NOTHING`,
    [input.claimId, input.key, input.requestHash, input.now],
  );
  if (inserted.rowCount === 1) return { state: "new" };

  const { rows } = await q.query<{ request_hash: string; status: string; response: unknown }>(
    "SELECT request_hash, status, response FROM idempotency_keys WHERE claim_id = $1 AND key = $2",
    [input.claimId, input.key],
  );
  const row = rows[0];
  // Removed between the two statements (abandoned): the caller may simply try again.
  if (!row) return { state: "in-flight" };
  if (row.request_hash !== input.requestHash) return { state: "mismatch" };
  if (row.status === "done") return { state: "replay", response: row.response };

  const staleBefore = new Date(
    input.now.getTime() - (input.staleAfterMs ?? DEFAULT_STALE_AFTER_MS),
  );
  const takenOver = await q.query(
    `UPDATE idempotency_keys SET created_at = $3
     WHERE claim_id = $1 AND key = $2 AND status = 'in-flight' AND created_at < $4`,
    [input.claimId, input.key, input.now, staleBefore],
  );
  return takenOver.rowCount === 1 ? { state: "new" } : { state: "in-flight" };
}

/** Records the response; pass the transaction of the change so both commit together. */
export async function completeIdempotentRequest(
  q: Queryable,
  input: { claimId: string; key: string; response: unknown; now: Date },
): Promise<void> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET status = 'done', response = $3::jsonb, completed_at = $4
     WHERE claim_id = $1 AND key = $2 AND status = 'in-flight'`,
    [input.claimId, input.key, JSON.stringify(input.response), input.now],
  );
  if (rowCount !== 1) throw new Error("The idempotency key is not in flight.");
}

/** Frees the key after a failure that changed nothing, so the claimant's retry runs. */
export async function abandonIdempotentRequest(
  q: Queryable,
  input: { claimId: string; key: string },
): Promise<void> {
  await q.query(
    "DELETE FROM idempotency_keys WHERE claim_id = $1 AND key = $2 AND status = 'in-flight'",
    [input.claimId, input.key],
  );
}
