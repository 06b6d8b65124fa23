import { CLOSED_INCOMPLETE } from "@kalinga/domain/claim-lifecycle";
import { claimDetailSections } from "@kalinga/domain/claim-payload-view";
import { claimStatusName } from "@kalinga/domain/claim-status";
import { staffMay } from "@kalinga/domain/staff-roles";
import {
  declarationsOf,
  filedDocuments,
  requestName,
  sentRequestFiles,
} from "../console-claim-view.ts";
import { listNotes } from "../console-claims.ts";
import {
  type ConsoleCallHandlers,
  type ConsoleServices,
  dateText,
  type WorkedClaim,
} from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// One claim as the examiner reads it (decision 0071), and its stored documents. Every view and
// every file opened is audited.

type ClaimViewHandlers = Pick<ConsoleCallHandlers, "readClaim" | "readDocument">;

/** The name the claim view gives a file; its stored name when the view does not list it. */
async function consoleFileName(
  { db, lifecycle }: ConsoleServices,
  claim: WorkedClaim,
  documentId: string,
  storedName: string,
) {
  const read = await lifecycle.readClaim(claim.webReferenceNumber);
  if (!read) return storedName;
  const sent = await sentRequestFiles(db, claim.claimId, read.requirements);
  const named = [...filedDocuments(read.documents, claim.payload), ...[...sent.values()].flat()];
  return named.find((file) => file.id === documentId)?.displayName ?? storedName;
}

export function claimViewHandlers(services: ConsoleServices): ClaimViewHandlers {
  const { db, accounts, lifecycle } = services;

  return {
    async readClaim({ claim, staff, record }) {
      const read = await lifecycle.readClaim(claim.webReferenceNumber);
      if (!read) return refuse.notFound(M.notFound);
      const [notes, members, declarations, requestFiles] = await Promise.all([
        listNotes(db, claim.claimId),
        accounts.list(),
        declarationsOf(db, claim.claimId),
        sentRequestFiles(db, claim.claimId, read.requirements),
      ]);
      await record("claim.view", claim.webReferenceNumber);
      const nameOf = (id: string | null) => members.find((s) => s.id === id)?.name ?? null;
      // Reopening a closed claim is a supervisor's call.
      const mayMove = claim.status !== CLOSED_INCOMPLETE || staffMay(staff.role, "reopen");
      return {
        webReferenceNumber: claim.webReferenceNumber,
        status: claim.status,
        statusLabel: claimStatusName(claim.status),
        claimType: claim.claimType,
        companyName: claim.companyName,
        locale: claim.locale,
        submittedAt: dateText(claim.submittedAt),
        assignedTo: claim.assignedTo,
        assigneeName: nameOf(claim.assignedTo),
        decision: claim.decision,
        policyNumber: claim.policyNumber,
        matchCode: claim.matchCode,
        // The payload as the claimant filled it, labelled, the payout account masked (section 9).
        details: claimDetailSections(claim.payload, declarations),
        allowedNextStatuses: (mayMove ? read.allowedNextStatuses : []).map((status) => ({
          status,
          label: claimStatusName(status),
        })),
        // Filed with the claim, each named after its document and beneficiary; files sent for a
        // request are listed with it.
        documents: filedDocuments(read.documents, claim.payload),
        requirements: read.requirements.map((item) => ({
          ...item,
          name: requestName(item),
          documents: requestFiles.get(item.id) ?? [],
          askedAt: dateText(item.askedAt),
          receivedAt: item.receivedAt ? dateText(item.receivedAt) : null,
          decidedAt: item.decidedAt ? dateText(item.decidedAt) : null,
        })),
        events: read.events.map((event) => ({ ...event, at: dateText(event.at) })),
        notes: notes.map((note) => ({ ...note, at: dateText(note.at) })),
        clocks: read.clocks,
      };
    },

    async readDocument({ claim, params, query, reply, record }) {
      const document = await lifecycle.findDocument(claim.webReferenceNumber, params.id);
      if (!document) return refuse.notFound(M.documentNotFound);
      const download = query.download === "1";
      await record(
        download ? "claim.document.download" : "claim.document.view",
        claim.webReferenceNumber,
        { documentId: document.id, slot: document.slotKey },
      );
      const bytes = await services.documentStore.get(document.storageKey);
      // Downloaded under the name the console shows: what the document is, not the phone's name.
      const name = (await consoleFileName(services, claim, document.id, document.name)).replace(
        /[^\w.() -]/g,
        "_",
      );
      // The console draws the pages itself; opened directly, the file is sandboxed: a PDF's own
      // scripts never run with the console's origin.
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `${download ? "attachment" : "inline"}; filename="${name}"`)
        .header("content-security-policy", "sandbox; default-src 'none'; frame-ancestors 'none'")
        .send(Buffer.from(bytes));
    },
  };
}
