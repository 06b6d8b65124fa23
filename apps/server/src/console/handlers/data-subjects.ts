import { ROUTE_INPUT_MESSAGES } from "@kalinga/domain/route-inputs";
import { deleteClaimRows, removeFiles } from "../../privacy/claim-erasure.ts";
import {
  exportSubject,
  readSubject,
  type Subject,
  type SubjectClaim,
  type SubjectInput,
  subjectClaims,
} from "../../privacy/data-subject.ts";
import { subjectArchive } from "../../privacy/subject-archive.ts";
import { audit } from "../audit-log.ts";
import { type ConsoleCallHandlers, type ConsoleServices, dateText } from "../console-handler.ts";
import type { ConsoleRefusal } from "../console-refusals.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// A data subject's rights in the console (decision 0106): look up, export, erase where the law
// allows. Every call is audited with the claims' references only, never the number looked up.

const PROBLEM_MESSAGES = {
  "(query)": M.subjectRequired,
  mobile: M.badSubjectMobile,
  email: M.badSubjectEmail,
  claim: ROUTE_INPUT_MESSAGES.badReference,
} as const;

function subjectOf(input: SubjectInput): Subject | ConsoleRefusal {
  const subject = readSubject(input);
  if ("field" in subject) {
    return refuse.field(subject.field, subject.rule, PROBLEM_MESSAGES[subject.field]);
  }
  return subject;
}

const references = (claims: readonly SubjectClaim[]) =>
  claims.map((claim) => claim.row.web_reference_number);

export function dataSubjectHandlers(
  services: ConsoleServices,
): Pick<ConsoleCallHandlers, "findDataSubject" | "exportDataSubject" | "eraseDataSubject"> {
  const { db, retention, documentStore } = services;
  return {
    async findDataSubject({ query, now, record }) {
      const subject = subjectOf(query);
      if ("refused" in subject) return subject;
      const claims = await subjectClaims(db, subject, now, retention);
      await record("subject.find", null, { references: references(claims) });
      if (claims.length === 0) return refuse.notFound(M.subjectNotFound);
      return {
        mobileEnding: subject.mobileNumber?.slice(-4) ?? null,
        claims: claims.map(({ row, verdict }) => ({
          webReferenceNumber: row.web_reference_number,
          purpose: row.purpose,
          status: row.status,
          companyName: row.company_name,
          createdAt: dateText(new Date(row.created_at)),
          submittedAt: row.submitted_at === null ? null : dateText(new Date(row.submitted_at)),
          verdict:
            verdict.reason === "within-retention"
              ? { ...verdict, keptUntil: dateText(verdict.keptUntil) }
              : verdict,
        })),
      };
    },

    async exportDataSubject({ query, now, record, reply }) {
      const subject = subjectOf(query);
      if ("refused" in subject) return subject;
      const claims = await subjectClaims(db, subject, now, retention);
      if (claims.length === 0) {
        await record("subject.export", null, { references: [] });
        return refuse.notFound(M.subjectNotFound);
      }
      const exported = await exportSubject(db, services.secret, claims);
      await record("subject.export", null, {
        references: references(claims),
        files: exported.files.length,
      });
      const exportedAt = dateText(now);
      const archive = subjectArchive(
        documentStore,
        exported.files,
        (missingFiles) => ({
          exportedAt,
          claims: exported.claims,
          ...(missingFiles.length > 0 ? { missingFiles } : {}),
        }),
        now,
      );
      return reply
        .header("content-type", "application/zip")
        .header(
          "content-disposition",
          `attachment; filename="data-subject-${exportedAt.slice(0, 10)}.zip"`,
        )
        .send(archive);
    },

    async eraseDataSubject({ body, now, staff }) {
      const subject = subjectOf(body);
      if ("refused" in subject) return subject;
      const outcome = await db.transaction(async (tx) => {
        const claims = await subjectClaims(tx, subject, now, retention);
        if (claims.length === 0) return refuse.notFound(M.subjectNotFound);
        const byReference = new Map(claims.map((claim) => [claim.row.web_reference_number, claim]));
        const chosen = [...new Set(body.references)].map((ref) => byReference.get(ref));
        const erasable = chosen.filter((claim) => claim?.verdict.erasable === true);
        if (erasable.length !== chosen.length) return refuse.changed(M.subjectChanged);
        const sure = erasable as SubjectClaim[];
        const { storageKeys } = await deleteClaimRows(
          tx,
          sure.map((claim) => claim.row.id),
        );
        for (const claim of sure) {
          await audit(
            tx,
            {
              staffId: staff.id,
              staffEmail: staff.email,
              action: "subject.erase",
              webReferenceNumber: claim.row.web_reference_number,
              detail: { reason: claim.verdict.reason },
            },
            now,
          );
        }
        return { erased: references(sure), storageKeys };
      });
      if ("refused" in outcome) return outcome;
      const files = await removeFiles(documentStore, outcome.storageKeys);
      return { erased: outcome.erased, files };
    },
  };
}
