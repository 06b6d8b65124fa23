import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { policyRecordSchema } from "@kalinga/domain/policy-record";
import { slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { agentReportRows, queueCount, queueRows } from "../src/claims/claim-queue-repository.ts";
import { startClaim } from "../src/claims/claim-repository.ts";
import { type QueueQuery, queueFilter, readQueue } from "../src/console/console-claims.ts";
import { readMigrations, splitStatements } from "../src/db/migrate.ts";
import { upsertPolicy } from "../src/policies/policy-repository.ts";
import { recordSubmission } from "../src/submission/submission-repository.ts";
import { claimsFiledWith } from "../src/tracking/tracked-claims.ts";
import { claimPayloadWith } from "./support/claim-rows.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// The claim columns the queue, its search and count, the agent's report and tracking read
// (migration 028, decision 0103), on a real database: written at submit from the payload, searched
// by part of a name in any case, counted up to a bound, paged in a stable order when claims tie.

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => database.reset());

const COMPANY = "Kalinga Life";
const AT = new Date("2026-10-05T02:00:00Z");

/** A submitted claim with the insured's names and the policy number given. */
async function submitted(details: {
  first: string;
  last: string;
  policy?: string;
  agentCode?: string;
  phone?: string;
  at?: Date;
}) {
  const db = database.db;
  const at = details.at ?? AT;
  const { claim } = await startClaim(db, {
    companyName: COMPANY,
    channelName: "Corporate Website",
    now: at,
    tokenExpiresAt: new Date(at.getTime() + 3_600_000),
    agentCode: details.agentCode ?? null,
  });
  const payload = claimPayloadWith({
    webReferenceNumber: claim.webReferenceNumber,
    firstName: details.first,
    lastName: details.last,
    mobile: details.phone,
    policyNumber: details.policy ?? "1234567890",
  });
  await db.transaction((tx) =>
    recordSubmission(
      tx,
      {
        claimId: claim.id,
        payload,
        declarations: {},
        claimType: "Living",
        slotFacts: slotFactsOfPayload(payload, "2026-10-05"),
        response: { returnCode: "0", webReferenceNumber: claim.webReferenceNumber } as never,
        submittedAt: at,
      },
      [],
    ),
  );
  return claim.webReferenceNumber;
}

const query = (overrides: Partial<QueueQuery>): QueueQuery => ({
  status: null,
  claimType: null,
  assigned: null,
  visibleTo: null,
  search: null,
  offset: 0,
  limit: 50,
  countUpTo: 10_000,
  ...overrides,
});

describe("the queue's search on the claim's columns", () => {
  test("part of a name in any case, the whole name, a reference in lower case and the mobile find the claim", async () => {
    const ref = await submitted({ first: "Maria Clara", last: "dela Cruz" });
    await submitted({ first: "Juan", last: "Santos", phone: "9181112222" });
    for (const search of [
      "CRUZ",
      "ela cr",
      "maria clara dela",
      ref.toLowerCase(),
      "0917 123 4567",
    ]) {
      const found = await readQueue(database.db, query({ search }));
      expect(
        found.rows.map((row) => row.webReferenceNumber),
        search,
      ).toEqual([ref]);
      expect(found.total, search).toBe(1);
    }
    // A wildcard typed in the search is a character, not "anything".
    expect((await readQueue(database.db, query({ search: "%" }))).total).toBe(0);
    expect((await readQueue(database.db, query({ search: "Rizal" }))).total).toBe(0);
  });

  test("the count stops at its bound and says so; under it, it is exact", async () => {
    for (const last of ["Reyes", "Reyes", "Reyes"]) await submitted({ first: "Ana", last });
    const filter = queueFilter(query({ search: "reyes" }));
    expect(await queueCount(database.db, filter, 2)).toEqual({ total: 2, atLeast: true });
    expect(await queueCount(database.db, filter, 3)).toEqual({ total: 3, atLeast: false });
    const answer = await readQueue(database.db, query({ countUpTo: 2 }));
    expect(answer).toMatchObject({ total: 2, totalIsAtLeast: true });
    expect(answer.rows).toHaveLength(3);
  });

  test("claims submitted at the same instant page in one order: none twice, none left out", async () => {
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) refs.push(await submitted({ first: "Pedro", last: `Tie${i}` }));
    const filter = queueFilter(query({}));
    const pages = [];
    for (const offset of [0, 2, 4])
      pages.push(...(await queueRows(database.db, filter, { offset, limit: 2 })));
    expect(pages.map((row) => row.web_reference_number).sort()).toEqual([...refs].sort());
    // The tie is broken by the claim's id, the same way on every read.
    const ids = pages.map((row) => row.id);
    expect(ids).toEqual([...ids].sort());
  });
});

describe("the agent's claims", () => {
  test("the report and tracking read the agent's filed claims and those on the agent's policies, newest first", async () => {
    for (const [policyNumber, agentCode] of [
      ["1111111111", "AG-1"],
      ["2222222222", "AG-2"],
    ]) {
      const record = policyRecordSchema.parse({
        companyName: COMPANY,
        policyNumber,
        policyType: "Individual",
        status: "in-force",
        insuredFirstName: "Jose",
        insuredLastName: "Rizal",
        insuredDateOfBirth: "1980-03-05",
        ownerFirstName: "Jose",
        ownerLastName: "Rizal",
        agentCode,
      });
      await upsertPolicy(database.db, record, AT);
    }
    const filed = await submitted({
      first: "A",
      last: "Filed",
      agentCode: "AG-1",
      policy: "2222222222",
      at: new Date("2026-10-01T00:00:00Z"),
    });
    const onPolicy = await submitted({
      first: "B",
      last: "Client",
      policy: "1111111111",
      at: new Date("2026-10-02T00:00:00Z"),
    });
    await submitted({ first: "C", last: "Other", policy: "2222222222" });
    const agent = { companyName: COMPANY, agentCode: "AG-1" };
    const report = await agentReportRows(database.db, agent, 500);
    expect(report.map((row) => row.web_reference_number)).toEqual([onPolicy, filed]);
    // What the report shows comes from the claim's columns, as the payload gave it.
    expect(report[0]).toMatchObject({
      first_name: "B",
      last_name: "Client",
      policy_number_given: "1111111111",
      cause: accidentPayload.basicInformation.causeOfLoss,
      open_requirements: expect.anything(),
    });
    expect(Number(report[0]?.open_requirements)).toBe(0);
    const tracked = await claimsFiledWith(database.db, { kind: "agent", ...agent });
    expect(tracked.map((claim) => claim.record.webReferenceNumber)).toEqual([onPolicy, filed]);
    expect(tracked[1]?.record.claimInfo).toEqual({
      policyNumber: "2222222222",
      type: "Living",
      subType: accidentPayload.basicInformation.causeOfLoss,
    });
    const member = await claimsFiledWith(database.db, {
      kind: "member",
      companyName: COMPANY,
      policies: ["1111111111"],
    });
    expect(member.map((claim) => claim.record.webReferenceNumber)).toEqual([onPolicy]);
  });
});

describe("migration 031", () => {
  test("fills the shown columns of claims submitted before it from their payloads", async () => {
    const ref = await submitted({ first: "Maria Clara", last: "dela Cruz" });
    const cleared = `UPDATE claims SET insured_first_name = NULL, insured_last_name = NULL,
      cause_of_loss = NULL`;
    await database.db.query(cleared);
    const migration = (await readMigrations()).find((file) => file.version === 31);
    const fill = splitStatements(migration?.sql ?? "").filter((sql) => /^UPDATE/m.test(sql));
    expect(fill).toHaveLength(1);
    for (const sql of fill) await database.db.query(sql);
    const [row] = (await readQueue(database.db, query({}))).rows;
    expect(row).toMatchObject({
      webReferenceNumber: ref,
      insuredName: "Maria Clara dela Cruz",
      causeOfLoss: accidentPayload.basicInformation.causeOfLoss,
    });
  });
});
