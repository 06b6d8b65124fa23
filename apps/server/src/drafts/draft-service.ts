import type { OpenDraft } from "@kalinga/domain/claim-responses";
import { findClaim } from "../claims/claim-repository.ts";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { type OpenDraftRow, openDraftsOf } from "./draft-repository.ts";

// What the draft calls, the OTP service and the tracking calls share about saved drafts.

const DAY_MS = 24 * 3600 * 1000;

/** When a draft saved now is deleted, and when its reminder is due. */
export function draftDates(config: ServerConfig, now: Date) {
  const expiresAt = new Date(now.getTime() + config.drafts.expiryDays * DAY_MS);
  const reminderDueAt = new Date(expiresAt.getTime() - config.drafts.reminderDaysBefore * DAY_MS);
  return { expiresAt, reminderDueAt };
}

/** The number's open drafts of the claim's company, for validateOneTimePIN's answer. */
export async function openDraftsForClaim(
  q: Queryable,
  claimId: string,
  now: Date,
): Promise<OpenDraft[]> {
  const claim = await findClaim(q, claimId);
  if (!claim?.verifiedMobileNumber) return [];
  return openDraftsOfNumber(q, {
    mobileNumber: claim.verifiedMobileNumber,
    companyName: claim.companyName,
    exceptClaimId: claimId,
    now,
  });
}

/** A verified number's open drafts of a company but one claim, when the number is known. */
async function openDraftsOfNumber(
  q: Queryable,
  of: { mobileNumber: string; companyName: string; exceptClaimId: string; now: Date },
): Promise<OpenDraft[]> {
  const rows = await openDraftsOf(q, of);
  return rows.map(toOpenDraft);
}

/** An open draft as validateOneTimePIN's answer lists it. */
export function toOpenDraft(row: OpenDraftRow): OpenDraft {
  return {
    webReferenceNumber: row.web_reference_number,
    claimType: row.claim_type,
    startedAt: new Date(row.created_at).toISOString(),
    documentCount: Number(row.document_count),
  };
}
