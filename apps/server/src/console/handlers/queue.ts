import { CLAIM_STATUSES, claimClocks } from "@kalinga/domain/claim-lifecycle";
import { claimStatusName } from "@kalinga/domain/claim-status";
import type { QueueFilters } from "@kalinga/domain/console-requests";
import { csvText } from "@kalinga/domain/csv";
import { staffMay } from "@kalinga/domain/staff-roles";
import { type QueueQuery, type QueueRow, readQueue, statusChangesOf } from "../console-claims.ts";
import { type ConsoleCallHandlers, type ConsoleServices, dateText } from "../console-handler.ts";
import { QUEUE_CSV_HEADINGS } from "../console-texts.ts";
import type { StaffUser } from "../staff-accounts.ts";

// The queue: claims by status, type, assignment and search, oldest first, each with its clocks;
// and the same as CSV. Who listed or exported which claims is audited (decision 0064).

const PAGE_SIZE = 50;
const CSV_LIMIT = 10_000;
/**
 * The queue counts its claims up to this many and says "10,000+" past it: an exact count of a
 * million claims reads them all on every page, and no examiner pages that far (decision 0103).
 */
const COUNT_UP_TO = 10_000;
/**
 * A search's matches are counted up to 200 (four pages): "200+" asks for a narrower search. A
 * common name's count walks the queue's index to its bound, 33,000 entries for 1,000 (decision 0109).
 */
const SEARCH_COUNT_UP_TO = 200;

/** The filters as the queue's query reads them; an examiner sees their own and the unassigned. */
function queueQuery(
  staff: StaffUser,
  filters: QueueFilters,
  limit: number,
  page: number,
): QueueQuery {
  const { status, type, assigned, q } = filters;
  return {
    status: status ?? null,
    claimType: type ?? null,
    assigned:
      assigned === "mine"
        ? staff.id
        : assigned === "unassigned" || (assigned && /^[0-9a-f-]{36}$/.test(assigned))
          ? assigned
          : null,
    visibleTo: staffMay(staff.role, "see-team") ? null : staff.id,
    search: q ?? null,
    offset: (page - 1) * limit,
    limit,
    countUpTo: q?.trim() ? SEARCH_COUNT_UP_TO : COUNT_UP_TO,
  };
}

export function queueHandlers(
  services: ConsoleServices,
): Pick<ConsoleCallHandlers, "listClaims" | "exportClaims"> {
  const { db, now } = services;

  async function withClocks(rows: QueueRow[]) {
    const changes = await statusChangesOf(
      db,
      rows.map((row) => row.claimId),
    );
    return rows.map((row) => ({
      row,
      clocks: claimClocks({
        claimType: row.claimType,
        changes: changes.get(row.claimId) ?? [],
        now: now(),
        serviceLevelDays: services.serviceLevelDays[row.claimType],
      }),
    }));
  }

  return {
    async listClaims({ query, staff, record }) {
      const page = query.page ?? 1;
      const { rows, total, totalIsAtLeast } = await readQueue(
        db,
        queueQuery(staff, query, PAGE_SIZE, page),
      );
      const claims = await withClocks(rows);
      await record("claims.list", null, { count: rows.length, page, filters: query });
      return {
        total,
        totalIsAtLeast,
        page,
        pageSize: PAGE_SIZE,
        // Staff read the insurer's own names: two statuses share one claimant label (decision 0071).
        statuses: CLAIM_STATUSES.map((status) => ({ status, label: claimStatusName(status) })),
        claims: claims.map(({ row, clocks }) => ({
          webReferenceNumber: row.webReferenceNumber,
          status: row.status,
          statusLabel: claimStatusName(row.status),
          claimType: row.claimType,
          causeOfLoss: row.causeOfLoss,
          insuredName: row.insuredName,
          submittedAt: dateText(row.submittedAt),
          assignedTo: row.assignedTo,
          assigneeName: row.assigneeName,
          clocks,
        })),
      };
    },

    async exportClaims({ request, reply, query, staff, record }) {
      const { rows } = await readQueue(db, queueQuery(staff, query, CSV_LIMIT, 1));
      const claims = await withClocks(rows);
      await record("claims.export", null, { count: rows.length, filters: request.query });
      const lines = claims.map(({ row, clocks }) => [
        row.webReferenceNumber,
        claimStatusName(row.status),
        row.claimType,
        row.causeOfLoss,
        row.insuredName,
        dateText(row.submittedAt).slice(0, 10),
        clocks.daysOpen,
        clocks.daysWaitingOnClaimant,
        clocks.deathClaimDaysLeft,
        clocks.serviceLevelDaysLeft,
        row.assigneeName,
      ]);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="claims-${dateText(now()).slice(0, 10)}.csv"`,
        )
        .send(csvText([QUEUE_CSV_HEADINGS, ...lines]));
    },
  };
}
