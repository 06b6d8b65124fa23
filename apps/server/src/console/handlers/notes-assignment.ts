import { addNote, assignClaim, listNotes } from "../console-claims.ts";
import {
  actorOf,
  type ConsoleCallHandlers,
  type ConsoleServices,
  dateText,
} from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// Who works a claim, and the notes staff keep on it under their own names. Both are audited.

export function notesAndAssignmentHandlers(
  services: ConsoleServices,
): Pick<ConsoleCallHandlers, "assignClaim" | "addNote" | "readNotes"> {
  const { db, accounts, now } = services;
  const notesOf = async (claimId: string) =>
    (await listNotes(db, claimId)).map((note) => ({ ...note, at: dateText(note.at) }));
  return {
    async assignClaim({ claim, body, staff, record }) {
      const to = body.staffId ? await accounts.find(body.staffId) : null;
      if (body.staffId && (!to || to.disabled)) {
        return refuse.field("staffId", "active-account", M.notExaminer);
      }
      const assignee = to?.id ?? null;
      await db.transaction((tx) => assignClaim(tx, claim, assignee, actorOf(staff), now()));
      await record("claim.assign", claim.webReferenceNumber, {
        from: claim.assignedTo,
        to: assignee,
      });
      return { assignedTo: assignee, assigneeName: to?.name ?? null };
    },

    async addNote({ claim, body, staff, record }) {
      await addNote(db, claim.claimId, staff.id, body.body, now());
      await record("claim.note", claim.webReferenceNumber);
      return { notes: await notesOf(claim.claimId) };
    },

    // Reading the notes is reading the claim: audited like a view (decision 0064).
    async readNotes({ claim, record }) {
      await record("claim.notes.read", claim.webReferenceNumber);
      return { notes: await notesOf(claim.claimId) };
    },
  };
}
