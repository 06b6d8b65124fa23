import { createHash, randomUUID } from "node:crypto";
import { IDEMPOTENCY_LEASE_MS } from "@kalinga/domain/constants";
import type { Queryable } from "../db/database.ts";
import { leaseEnd } from "./key-lease.ts";

// Idempotency-Key for uploadDocument and finalSubmitClaim (decision 0025): the same key and
// request give the first response again, the same key with another request is refused (422), a key
// whose first request still runs is refused (409); one whose server died is taken over once its
// lease runs out (decision 0110). Keys belong to one claim. Completing the key in
// the same transaction as the change it answers makes a retry after a crash replay, never redo.

export type IdempotencyStart =
  | { state: "new"; holder: string }
  | { state: "replay"; response: unknown }
  | { state: "mismatch" }
  | { state: "in-flight" };

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

/** One call's hold on its key: the holder names the attempt, so only it renews, completes or frees it. */
export type IdempotencyHold = { claimId: string; key: string; holder: string };

/** State "new" comes with the hold; the call renews it while it runs. */
export async function beginIdempotentRequest(
  q: Queryable,
  input: { claimId: string; key: string; requestHash: string; now: Date; leaseMs?: number },
): Promise<IdempotencyStart> {
  const holder = randomUUID();
  const leaseUntil = leaseEnd(input.now, input.leaseMs ?? IDEMPOTENCY_LEASE_MS);
  const inserted = await q.query(
    `INSERT INTO idempotency_keys (claim_id, key, request_hash, status, created_at, holder, lease_until)
     VALUES ($1, $2, $3, 'in-flight', $4, $5, $6)
     ON CONFLICT (claim_id, key) DO NOTHING`,
    [input.claimId, input.key, input.requestHash, input.now, holder, leaseUntil],
  );
  if (inserted.rowCount === 1) return { state: "new", holder };

  const { rows } = await q.query<{ request_hash: string; status: string; response: unknown }>(
    "SELECT request_hash, status, response FROM idempotency_keys WHERE claim_id = $1 AND key = $2",
    [input.claimId, input.key],
  );
  const row = rows[0];
  // Removed between the two statements (abandoned): the caller may simply try again.
  if (!row) return { state: "in-flight" };
  if (row.request_hash !== input.requestHash) return { state: "mismatch" };
  if (row.status === "done") return { state: "replay", response: row.response };

  // The call holding it stopped renewing (its server died): this attempt takes the key over.
  const takenOver = await q.query(
    `UPDATE idempotency_keys SET holder = $3, lease_until = $4
     WHERE claim_id = $1 AND key = $2 AND status = 'in-flight' AND lease_until <= $5`,
    [input.claimId, input.key, holder, leaseUntil, input.now],
  );
  return takenOver.rowCount === 1 ? { state: "new", holder } : { state: "in-flight" };
}

/** Extends the hold's lease to leaseUntil; false when the key is no longer this attempt's. */
export async function renewIdempotentRequest(
  q: Queryable,
  hold: IdempotencyHold,
  leaseUntil: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET lease_until = $4
     WHERE claim_id = $1 AND key = $2 AND holder = $3 AND status = 'in-flight'`,
    [hold.claimId, hold.key, hold.holder, leaseUntil],
  );
  return rowCount === 1;
}

/** Records the response; pass the transaction of the change so both commit together. */
export async function completeIdempotentRequest(
  q: Queryable,
  input: IdempotencyHold & { response: unknown; now: Date },
): Promise<void> {
  // An attempt whose key was taken over fails here, so its transaction's change is undone.
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET status = 'done', response = $3::jsonb, completed_at = $4,
       holder = NULL, lease_until = NULL
     WHERE claim_id = $1 AND key = $2 AND status = 'in-flight' AND holder = $5`,
    [input.claimId, input.key, JSON.stringify(input.response), input.now, input.holder],
  );
  if (rowCount !== 1) throw new Error("The idempotency key is not in flight.");
}

/** Frees the key after a failure that changed nothing, so the claimant's retry runs. */
export async function abandonIdempotentRequest(q: Queryable, hold: IdempotencyHold): Promise<void> {
  await q.query(
    `DELETE FROM idempotency_keys
     WHERE claim_id = $1 AND key = $2 AND status = 'in-flight' AND holder = $3`,
    [hold.claimId, hold.key, hold.holder],
  );
}
