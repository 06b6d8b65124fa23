import { ROUTE_INPUT_MESSAGES } from "@kalinga/domain/route-inputs";
import { readWebReference } from "@kalinga/domain/web-reference-number";
import { readAuditLog } from "../audit-log.ts";
import { type ConsoleCallHandlers, type ConsoleServices, dateText } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";

// The audit log as administrators read it: newest first, for one claim or all, a page at a time.
// Reading it is itself audited.

const PAGE = 100;

export function auditLogHandlers(
  services: ConsoleServices,
): Pick<ConsoleCallHandlers, "readAuditLog"> {
  const { db } = services;
  return {
    async readAuditLog({ query, record }) {
      const typed = query.claim?.trim() || null;
      // The reference as staff type it ("kl-7kq4 m9xp"), in its issued form.
      const claim = typed === null ? null : readWebReference(typed);
      if (typed !== null && claim === null) {
        return refuse.field("claim", "format", ROUTE_INPUT_MESSAGES.badReference);
      }
      const rows = await readAuditLog(db, {
        webReferenceNumber: claim,
        before: query.before ?? null,
        limit: PAGE,
      });
      await record("audit.read", claim);
      return {
        entries: rows.map((row) => ({ ...row, at: dateText(row.at) })),
        nextBefore: rows.length === PAGE ? (rows.at(-1)?.seq ?? null) : null,
      };
    },
  };
}
