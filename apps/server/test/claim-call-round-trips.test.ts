import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Database, type Queryable, sqlText } from "../src/db/database.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  latestCode,
  onDevice,
  otherCode,
  requestCode,
  resendCode,
  type StartedClaim,
  startClaim,
  testApp,
  testConfig,
  validateCode,
} from "./support/test-app.ts";

// The claim start and the OTP calls cost about one bare request per database round trip (decisions
// 0102, 0108), so each call's statements are counted here, BEGIN and COMMIT included: a change that
// adds a round trip to one of them fails. The test outbox's insert is the SMS gateway's stand-in.

const server = useServerTest({ app: false });

/** The statements of the requests `work` makes, in order; a transaction is its BEGIN and COMMIT too. */
type StatementsOf = (work: () => Promise<unknown>) => Promise<string[]>;

function countingDatabase(db: Database): { db: Database; statementsOf: StatementsOf } {
  const call = new AsyncLocalStorage<string[]>();
  const record = (sql: string) => call.getStore()?.push(sql.trim().split(/\s+/).join(" "));
  const counted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      record(sqlText(sql));
      return q.query(sql, params);
    },
  });
  return {
    db: {
      kind: db.kind,
      query: counted(db).query,
      async transaction(fn) {
        record("BEGIN");
        try {
          return await db.transaction((tx) => fn(counted(tx)));
        } finally {
          record("COMMIT");
        }
      },
      close: () => db.close(),
    },
    async statementsOf(work) {
      const statements: string[] = [];
      await call.run(statements, work);
      return statements;
    },
  };
}

/** A send's statements before its SMS leaves (the outbox's insert), and after. */
function aroundSms(statements: string[]): { before: string[]; after: string[] } {
  const sms = statements.findIndex((sql) => sql.includes("INSERT INTO sms_outbox"));
  expect(sms).toBeGreaterThan(0);
  return { before: statements.slice(0, sms), after: statements.slice(sms + 1) };
}

let app: FastifyInstance;
let statementsOf: StatementsOf;

beforeEach(async () => {
  const counting = countingDatabase(server.db);
  statementsOf = counting.statementsOf;
  app = await testApp(counting.db, testConfig({}, { now: server.clock.now }));
  // The published words and companies are read once and kept: a first send loads them.
  const warm = await startClaim(app);
  expect((await requestCode(app, warm, "9170000001")).statusCode).toBe(200);
});
afterEach(async () => {
  await app.close();
});

async function started(): Promise<StartedClaim> {
  let claim: StartedClaim | null = null;
  const statements = await statementsOf(async () => {
    claim = await startClaim(app);
  });
  expect(statements).toHaveLength(1);
  if (!claim) throw new Error("The claim did not start.");
  return claim;
}

describe("round trips per call", () => {
  test("initClaimRequest is one statement: the address's free call, the claim and its token", async () => {
    const claim = await started();
    const { rows } = await server.db.query<{ tokens: number }>(
      `SELECT count(*)::int AS tokens FROM claim_tokens t JOIN claims c ON c.id = t.claim_id
       WHERE c.web_reference_number = $1`,
      [claim.webReferenceNumber],
    );
    expect(rows[0]?.tokens).toBe(1);
  });

  test("requestOneTimePIN: the token's read and the send's statement before its SMS, one after", async () => {
    const claim = await started();
    const statements = await statementsOf(async () => {
      expect((await requestCode(app, claim, undefined, onDevice("phone"))).statusCode).toBe(200);
    });
    const { before, after } = aroundSms(statements);
    expect(before).toHaveLength(2);
    expect(before[1]).toContain("otp_reserve_send");
    expect(after).toHaveLength(1);
  });

  test("a refused send is the token's read and the send's statement", async () => {
    const claim = await started();
    await requestCode(app, claim);
    const statements = await statementsOf(async () => {
      expect((await requestCode(app, claim)).statusCode).toBe(429);
    });
    expect(statements).toHaveLength(2);
  });

  test("resetOneTimePIN reads its number with the send's statement: one round trip more", async () => {
    const claim = await started();
    await requestCode(app, claim);
    server.clock.advance(120);
    // The published words and companies are stale by then: another send reads them again first.
    await requestCode(app, await startClaim(app), "9170000002");
    const statements = await statementsOf(async () => {
      expect((await resendCode(app, claim)).statusCode).toBe(200);
    });
    const { before, after } = aroundSms(statements);
    expect(before).toHaveLength(3);
    expect(after).toHaveLength(1);
  });

  test("validateOneTimePIN: the token's read and the guess's statement, wrong or right", async () => {
    const claim = await started();
    await requestCode(app, claim, undefined, onDevice("phone"));
    const code = await latestCode(app);
    const wrong = await statementsOf(async () => {
      expect((await validateCode(app, claim, otherCode(code))).statusCode).toBe(417);
    });
    expect(wrong).toHaveLength(2);
    const right = await statementsOf(async () => {
      expect((await validateCode(app, claim, code, onDevice("phone"))).statusCode).toBe(200);
    });
    expect(right).toHaveLength(2);
    expect(right[1]).toContain("otp_validate");
  });
});
