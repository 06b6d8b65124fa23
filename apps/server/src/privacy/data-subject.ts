import { consoleCallUrl } from "@kalinga/domain/console-call-routes";
import { archiveFileName } from "@kalinga/domain/document-files";
import { keepMobileDigits } from "@kalinga/domain/mobile-digits";
import {
  type ErasureVerdict,
  erasureVerdict,
  type RetentionSettings,
} from "@kalinga/domain/retention";
import { EMAIL_PATTERN } from "@kalinga/domain/start-form";
import { readWebReference } from "@kalinga/domain/web-reference-number";
import {
  claimsOfSubject,
  type RetentionRow,
  subjectNumberOf,
} from "../claims/claim-retention-repository.ts";
import { readClaimRecord } from "../claims/dev-claim-record.ts";
import type { Queryable } from "../db/database.ts";
import { listDocuments } from "../documents/document-repository.ts";
import { sealedDraftOf } from "../drafts/draft-repository.ts";
import { openDraft } from "../drafts/draft-seal.ts";
import {
  claimIdsEmailedTo,
  notificationsOfClaim,
} from "../notifications/notification-repository.ts";
import { claimIdsNamingEmail } from "../submission/submission-repository.ts";
import { factsOf } from "./claim-erasure.ts";
import type { ArchivedFile } from "./subject-archive.ts";

// A data subject's claims (docs/decisions/0106, 0111): found by the mobile number they gave or
// proved, by an e-mail address given on or written to a claim, or by a claim's reference (then
// every claim of that claim's number), each judged by the domain's erasure rules; and the export
// of everything held about them.

export type SubjectInput = {
  mobile?: string | undefined;
  email?: string | undefined;
  claim?: string | undefined;
};

/**
 * What the member typed, read: a number of 10 digits, an e-mail address in lower case, a reference
 * in its issued form.
 */
export type Subject = {
  mobileNumber: string | null;
  emailAddress: string | null;
  webReferenceNumber: string | null;
};

export type SubjectProblem = { field: "mobile" | "email" | "claim" | "(query)"; rule: string };

/** The subject the input names, or the field at fault. */
export function readSubject(input: SubjectInput): Subject | SubjectProblem {
  const typedMobile = input.mobile?.trim() || null;
  const typedClaim = input.claim?.trim() || null;
  const emailAddress = input.email?.trim().toLowerCase() || null;
  if (typedMobile === null && typedClaim === null && emailAddress === null) {
    return { field: "(query)", rule: "required" };
  }
  if (emailAddress !== null && !EMAIL_PATTERN.test(emailAddress)) {
    return { field: "email", rule: "format" };
  }
  const mobileNumber = typedMobile === null ? null : keepMobileDigits(typedMobile);
  if (mobileNumber !== null && !/^9\d{9}$/.test(mobileNumber)) {
    return { field: "mobile", rule: "format" };
  }
  const webReferenceNumber = typedClaim === null ? null : readWebReference(typedClaim);
  if (typedClaim !== null && webReferenceNumber === null) return { field: "claim", rule: "format" };
  return { mobileNumber, emailAddress, webReferenceNumber };
}

export type SubjectClaim = { row: RetentionRow; verdict: ErasureVerdict };

/** The subject's claims with their verdicts, oldest first; none when nothing is held. */
export async function subjectClaims(
  db: Queryable,
  subject: Subject,
  now: Date,
  settings: RetentionSettings,
): Promise<SubjectClaim[]> {
  let mobileNumber = subject.mobileNumber;
  if (mobileNumber === null && subject.webReferenceNumber !== null) {
    mobileNumber = (await subjectNumberOf(db, subject.webReferenceNumber)) ?? null;
  }
  // An address is matched where it was given (the submitted payload) or written to (e-mails
  // sent); a draft is sealed, so an address typed only there is found by the number instead.
  const claimIds =
    subject.emailAddress === null
      ? []
      : [
          ...new Set([
            ...(await claimIdsNamingEmail(db, subject.emailAddress)),
            ...(await claimIdsEmailedTo(db, subject.emailAddress)),
          ]),
        ];
  const rows = await claimsOfSubject(db, {
    mobileNumber,
    webReferenceNumber: subject.webReferenceNumber,
    claimIds,
  });
  return rows.map((row) => ({ row, verdict: erasureVerdict(factsOf(row), now, settings) }));
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** A claim's draft answers, opened with the server's secret; null when it has none. */
async function draftOf(db: Queryable, secret: string, row: RetentionRow) {
  if (!row.has_draft) return null;
  const draft = await sealedDraftOf(db, row.id);
  if (!draft) return null;
  const plain = openDraft(secret, row.web_reference_number, draft);
  return {
    savedAt: iso(draft.savedAt),
    expiresAt: iso(draft.expiresAt),
    answers: plain === null ? null : (JSON.parse(plain) as unknown),
  };
}

/**
 * Everything held about the subject, claim by claim: the claim, its draft's answers, its
 * submission, documents (each with its path in the export's ZIP) and messages; and the files.
 */
export async function exportSubject(
  db: Queryable,
  secret: string,
  claims: readonly SubjectClaim[],
) {
  const exported: Record<string, unknown>[] = [];
  const files: ArchivedFile[] = [];
  for (const { row } of claims) {
    const ref = row.web_reference_number;
    const [record, messages, draft, stored] = await Promise.all([
      readClaimRecord(db, ref),
      notificationsOfClaim(db, row.id),
      draftOf(db, secret, row),
      listDocuments(db, row.id),
    ]);
    const pathOf = new Map<string, string>();
    stored.forEach((document, index) => {
      const path = archiveFileName(ref, index, document.displayName);
      pathOf.set(document.id, path);
      files.push({ path, storageKey: document.storageKey });
    });
    exported.push({
      ...record,
      purpose: row.purpose,
      mobileNumber: row.mobile_number,
      verifiedMobileNumber: row.verified_mobile_number,
      policyNumber: row.policy_number ?? row.portal_policy_number,
      locale: row.locale,
      createdAt: iso(row.created_at),
      submittedAt: iso(row.submitted_at),
      lastChangeAt: iso(row.updated_at),
      draft,
      documents: (record?.documents ?? []).map((document) => ({
        ...document,
        file: pathOf.get(document.id) ?? null,
        link: consoleCallUrl("readDocument", { ref, id: document.id }),
      })),
      messages: messages.map((message) => ({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        status: message.status,
        createdAt: iso(message.created_at),
        sentAt: iso(message.sent_at),
      })),
    });
  }
  return { claims: exported, files };
}
