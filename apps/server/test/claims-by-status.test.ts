import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { countClaimsByStatus, startClaim } from "../src/claims/claim-repository.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// The metrics' claims by status (decision 0109): the statuses held found on the status index,
// each counted exactly there, or from a size on taken from the statistics' estimate.

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => database.reset());

const AT = new Date("2026-10-05T02:00:00Z");

async function claims(count: number, status: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const { claim } = await startClaim(database.db, {
      companyName: "Kalinga Life",
      channelName: "Corporate Website",
      now: AT,
      tokenExpiresAt: new Date(AT.getTime() + 3_600_000),
      agentCode: null,
    });
    await database.db.query("UPDATE claims SET status = $2 WHERE id = $1", [claim.id, status]);
  }
}

/** The answer as status → count: its order is the database's collation's, not the test's. */
async function counted(estimatedFrom?: number) {
  const rows = await countClaimsByStatus(database.db, estimatedFrom);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

describe("claims by status", () => {
  test("few claims of a status are counted exactly, every status held and no other", async () => {
    expect(await counted()).toEqual({});
    await claims(2, "draft");
    await claims(3, "UNDER REVIEW");
    expect(await counted()).toEqual({
      "UNDER REVIEW": 3,
      draft: 2,
    });
    await database.db.query("UPDATE claims SET status = 'CLAIM COMPLETED' WHERE status = 'draft'");
    expect(await counted()).toEqual({
      "CLAIM COMPLETED": 2,
      "UNDER REVIEW": 3,
    });
  });

  test("from the size given, a status's count is the statistics' estimate; one they do not know is counted", async () => {
    await claims(2, "draft");
    await claims(3, "UNDER REVIEW");
    await database.db.query("ANALYZE claims");
    // The statistics sampled every claim, so the estimates are the counts at ANALYZE.
    await claims(1, "WITH CLAIM DECISION");
    await database.db.query("UPDATE claims SET status = 'draft' WHERE status = 'UNDER REVIEW'");
    expect(await counted(1)).toEqual({
      "WITH CLAIM DECISION": 1,
      draft: 2,
    });
    // Under the size, the same claims are counted as they are now.
    expect(await counted(100)).toEqual({
      "WITH CLAIM DECISION": 1,
      draft: 5,
    });
  });
});
