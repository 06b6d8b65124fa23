import type { DocumentRefusedReason, MissingDocument } from "@kalinga/domain/claim-api";
import type { Database, Queryable } from "./db/database.ts";

// What a claim service answers when it will not do what was asked: a value, never an exception.
// Each kind is a code of the domain's refusal vocabulary (packages/domain/src/refusals.ts), whose
// status and returnCode one mapper (http/refusal-answer.ts) answers with.

export type Refusal =
  /** The claim is submitted: its documents, its mobile number and its payload are frozen. */
  | { refused: "claim-closed"; message: string }
  | { refused: "not-found"; message: string }
  /** The file or the claim's limits refused an upload. */
  | { refused: DocumentRefusedReason; message: string }
  | { refused: "missing-documents"; message: string; missing: MissingDocument[] }
  | { refused: "claim-not-submitted"; message: string }
  /** No open draft of that reference verified by this number (decision 0044). */
  | { refused: "draft-not-found"; message: string }
  | { refused: "no-active-otp"; message: string }
  /** guessesLeft: how many more wrong codes this code takes before it locks. */
  | { refused: "wrong-otp"; message: string; guessesLeft: number }
  | { refused: "expired-otp"; message: string }
  | { refused: "otp-locked"; message: string }
  | { refused: "otp-sends-exhausted"; message: string }
  | { refused: "too-many-requests"; message: string; retryAfterSeconds: number; sendsLeft?: number }
  /** Nothing was sent and nothing was counted. */
  | { refused: "sms-provider-failed" }
  /** Tracking (decision 0055): no claim of that reference was filed with the verified number. */
  | { refused: "tracked-claim-not-found"; message: string }
  | { refused: "requirement-closed"; message: string }
  | { refused: "requirement-overdue"; message: string }
  | { refused: "nothing-to-send"; message: string }
  /** getPolicyDetails: no such policy for the portal's user (decision 0058). */
  | { refused: "policy-not-found"; message: string };

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "refused" in value;
}

/** Thrown only inside refusableTransaction, to roll back what the refused work had written. */
class RollBack {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    this.refusal = refusal;
  }
}

/**
 * A transaction whose work may answer a refusal: the refusal rolls it back (a counter taken or a
 * row swapped out before the refusal is undone) and is returned, not thrown.
 */
export async function refusableTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (isRefusal(result)) throw new RollBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RollBack) return error.refusal as T;
    throw error;
  }
}
