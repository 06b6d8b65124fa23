import type { TokenEndReason } from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { markClaimAbandoned } from "../claims/claim-repository.ts";
import type { Queryable } from "../db/database.ts";
import { deleteDocumentsOfClaims, storedDocumentCount } from "../documents/document-repository.ts";
import { revokeClaimTokens } from "../http/claim-token.ts";
import { openDraft, type SealedDraft, sealDraft } from "./draft-seal.ts";

// The claim_drafts table (migration 007): one sealed draft per claim, its expiry and its reminder.

export async function saveDraft(
  q: Queryable,
  input: SealedDraft & {
    claimId: string;
    claimType: string;
    now: Date;
    expiresAt: Date;
    reminderDueAt: Date;
  },
) {
  // A save moves the expiry, so a reminder already sent is due again before the new date.
  await q.query(
    `INSERT INTO claim_drafts (claim_id, key_id, sealed, claim_type, saved_at, expires_at, reminder_due_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (claim_id) DO UPDATE SET key_id = $2, sealed = $3, claim_type = $4, saved_at = $5,
       expires_at = $6, reminder_due_at = $7, reminder_sent_at = NULL`,
    [
      input.claimId,
      input.keyId,
      input.sealed,
      input.claimType,
      input.now,
      input.expiresAt,
      input.reminderDueAt,
    ],
  );
}

/** What makes a draft open: not submitted, not given up, not expired. */
const openAt = (now: string) =>
  `c.status = '${CLAIM_RECORD_STATUS.draft}' AND c.abandoned_at IS NULL AND d.expires_at > ${now}`;
const OPEN = openAt("$1");

export type OpenDraftRow = {
  web_reference_number: string;
  claim_type: "Living" | "Death" | "";
  created_at: Date;
  document_count: number;
};

/** The open drafts whose claim verified this number with this company, newest first. */
export async function openDraftsOf(
  q: Queryable,
  input: { mobileNumber: string; companyName: string; exceptClaimId: string; now: Date },
): Promise<OpenDraftRow[]> {
  const { rows } = await q.query<OpenDraftRow>(
    openDraftsSelect({ now: "$1", mobileNumber: "$2", companyName: "$3", exceptClaimId: "$4" }),
    [input.now, input.mobileNumber, input.companyName, input.exceptClaimId],
  );
  return rows;
}

/**
 * The select of openDraftsOf (OpenDraftRow), for a statement that lists them with its own work in
 * one round trip; `at` names its parameters or columns.
 */
export function openDraftsSelect(at: {
  now: string;
  mobileNumber: string;
  companyName: string;
  exceptClaimId: string;
}): string {
  return `SELECT c.web_reference_number, d.claim_type, c.created_at,
       ${storedDocumentCount("c.id")} AS document_count
     FROM claim_drafts d JOIN claims c ON c.id = d.claim_id
     WHERE ${openAt(at.now)} AND c.verified_mobile_number = ${at.mobileNumber} AND c.company_name = ${at.companyName}
       AND c.id <> ${at.exceptClaimId}
     ORDER BY c.created_at DESC LIMIT 5`;
}

export type ResumableDraft = SealedDraft & {
  claimId: string;
  webReferenceNumber: string;
  expiresAt: Date;
};

/**
 * The open draft of this reference, locked, when its claim verified this number with this
 * company; null for anything else, alike, so the answer tells nothing of other claims.
 */
export async function lockResumableDraft(
  q: Queryable,
  input: { webReferenceNumber: string; mobileNumber: string; companyName: string; now: Date },
): Promise<ResumableDraft | null> {
  const { rows } = await q.query<{
    claim_id: string;
    key_id: string;
    sealed: string;
    expires_at: Date;
  }>(
    `SELECT c.id AS claim_id, d.key_id, d.sealed, d.expires_at
     FROM claim_drafts d JOIN claims c ON c.id = d.claim_id
     WHERE ${OPEN} AND c.web_reference_number = $2 AND c.verified_mobile_number = $3
       AND c.company_name = $4
     FOR UPDATE OF c, d`,
    [input.now, input.webReferenceNumber, input.mobileNumber, input.companyName],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    claimId: row.claim_id,
    webReferenceNumber: input.webReferenceNumber,
    keyId: row.key_id,
    sealed: row.sealed,
    expiresAt: new Date(row.expires_at),
  };
}

/** The claim takes no more calls: every token goes; an abandoned claim is never offered again. */
export async function closeClaimAccess(
  q: Queryable,
  claimId: string,
  now: Date,
  abandon: boolean,
  reason: TokenEndReason | null = null,
) {
  await revokeClaimTokens(q, claimId, now, reason);
  if (abandon) {
    await markClaimAbandoned(q, claimId, now);
  }
}

export type DueReminder = {
  claimId: string;
  webReferenceNumber: string;
  companyName: string;
  channelName: string;
  mobileNumber: string;
  expiresAt: Date;
  /** The draft's language (decision 0089): its reminder is written in it. */
  locale: string;
};

/** Takes the drafts whose reminder is due, marking each sent in the same statement (once only). */
export async function takeDueReminders(q: Queryable, now: Date): Promise<DueReminder[]> {
  const { rows } = await q.query<{
    claim_id: string;
    web_reference_number: string;
    company_name: string;
    channel_name: string;
    verified_mobile_number: string;
    expires_at: Date;
    locale: string;
  }>(
    `UPDATE claim_drafts d SET reminder_sent_at = $1
     FROM claims c
     WHERE c.id = d.claim_id AND ${OPEN} AND d.reminder_sent_at IS NULL
       AND d.reminder_due_at <= $1 AND c.verified_mobile_number IS NOT NULL
     RETURNING d.claim_id, c.web_reference_number, c.company_name, c.channel_name,
       c.verified_mobile_number, d.expires_at, c.locale`,
    [now],
  );
  return rows.map((row) => ({
    claimId: row.claim_id,
    webReferenceNumber: row.web_reference_number,
    companyName: row.company_name,
    channelName: row.channel_name,
    mobileNumber: row.verified_mobile_number,
    expiresAt: new Date(row.expires_at),
    locale: row.locale,
  }));
}

/**
 * Expired drafts and those of submitted or abandoned claims: the sealed answers go, and the
 * documents of a claim that was never submitted are marked deleted (the file sweep removes them).
 */
export async function deleteClosedDrafts(q: Queryable, now: Date): Promise<string[]> {
  const { rows } = await q.query<{ claim_id: string; status: string }>(
    `DELETE FROM claim_drafts d USING claims c
     WHERE c.id = d.claim_id AND NOT (${OPEN})
     RETURNING d.claim_id, c.status`,
    [now],
  );
  const unsubmitted = rows
    .filter((row) => row.status === CLAIM_RECORD_STATUS.draft)
    .map((row) => row.claim_id);
  if (unsubmitted.length > 0) {
    await deleteDocumentsOfClaims(q, unsubmitted, now);
    for (const claimId of unsubmitted) await closeClaimAccess(q, claimId, now, true);
  }
  return unsubmitted;
}

/** The claim's draft goes (its submit holds the answers now). */
export async function deleteDraft(q: Queryable, claimId: string) {
  await q.query("DELETE FROM claim_drafts WHERE claim_id = $1", [claimId]);
}

/**
 * Seals every draft again under `secret`, opening it with `previous` (a change of KALINGA_SECRET
 * keeps the drafts claimants are filling in). Already under `secret`: left; neither opens: counted.
 */
export async function resealDrafts(
  q: Queryable,
  previous: string,
  secret: string,
): Promise<{ resealed: number; current: number; unreadable: number }> {
  const { rows } = await q.query<{
    claim_id: string;
    reference: string;
    key_id: string;
    sealed: string;
  }>(
    `SELECT d.claim_id, c.web_reference_number AS reference, d.key_id, d.sealed
     FROM claim_drafts d JOIN claims c ON c.id = d.claim_id FOR UPDATE OF d`,
  );
  const counts = { resealed: 0, current: 0, unreadable: 0 };
  for (const row of rows) {
    const draft = { keyId: row.key_id, sealed: row.sealed };
    const plain = openDraft(previous, row.reference, draft);
    if (plain === null) {
      counts[openDraft(secret, row.reference, draft) === null ? "unreadable" : "current"] += 1;
      continue;
    }
    const sealed = sealDraft(secret, row.reference, plain);
    await q.query("UPDATE claim_drafts SET key_id = $2, sealed = $3 WHERE claim_id = $1", [
      row.claim_id,
      sealed.keyId,
      sealed.sealed,
    ]);
    counts.resealed += 1;
  }
  return counts;
}

/** A claim's sealed draft with its dates, for a data subject's export; null when it has none. */
export async function sealedDraftOf(q: Queryable, claimId: string) {
  const { rows } = await q.query<{
    key_id: string;
    sealed: string;
    saved_at: Date;
    expires_at: Date;
  }>("SELECT key_id, sealed, saved_at, expires_at FROM claim_drafts WHERE claim_id = $1", [
    claimId,
  ]);
  const row = rows[0];
  return row
    ? { keyId: row.key_id, sealed: row.sealed, savedAt: row.saved_at, expiresAt: row.expires_at }
    : null;
}
