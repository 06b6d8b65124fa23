import { LOCALE_HEADER } from "@kalinga/domain/claim-api-names";
import { afterEach, describe, expect, test } from "vitest";
import type { Database, Row } from "../src/db/database.ts";
import { filedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  requestCode,
  startClaim,
  testApp,
  testConfig,
} from "./support/test-app.ts";

// The claim's language (decision 0089): named by the widget on every claim call, recorded at the
// start, followed while the claim is a draft, kept once it is submitted; unknown ones are English.
// A call naming the language the draft has writes nothing: the token's statement reads it.

const server = useServerTest();
const inLocale = (locale: string) => ({ headers: { [LOCALE_HEADER]: locale } });

async function localeOf(webReferenceNumber: string): Promise<string | undefined> {
  const { rows } = await server.db.query<{ locale: string }>(
    "SELECT locale FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  return rows[0]?.locale;
}

/** The claim row's version: a new one for every write of the row, even of the same values. */
async function rowVersion(webReferenceNumber: string): Promise<string | undefined> {
  const { rows } = await server.db.query<{ version: string }>(
    "SELECT xmin::text AS version FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  return rows[0]?.version;
}

/** The test's database with every statement sent to it written down. */
function recordingDatabase(statements: string[]): Database {
  const { db } = server;
  return {
    kind: db.kind,
    query: <T extends Row = Row>(sql: string, params?: unknown[]) => {
      statements.push(sql);
      return db.query<T>(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    close: async () => undefined,
  };
}

const others: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

describe("the claim's language", () => {
  test("a claim started in Filipino is recorded in Filipino; one naming none is English", async () => {
    const filipino = await startClaim(server.app, inLocale("fil"));
    const plain = await startClaim(server.app);
    expect(await localeOf(filipino.webReferenceNumber)).toBe("fil");
    expect(await localeOf(plain.webReferenceNumber)).toBe("en");
  });

  test("a locale without a catalogue is taken as English, and the call goes on", async () => {
    const claim = await startClaim(server.app, inLocale("xx"));
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
    const sent = await requestCode(server.app, claim, undefined, inLocale("fil"));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await localeOf(claim.webReferenceNumber)).toBe("fil");
  });

  test("a draft follows the last language chosen; a call naming none keeps it", async () => {
    const claim = await startClaim(server.app, inLocale("fil"));
    const body = { basicInformation, webReferenceNumber: claim.webReferenceNumber };
    const options = { token: claim.token };
    await callClaim(server.app, "validateReferenceNumber", body, { ...options, ...inLocale("en") });
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
    await callClaim(server.app, "validateReferenceNumber", body, options);
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
  });

  test("a submitted claim keeps the language it was submitted in", async () => {
    const claim = await filedClaim(server.app, inLocale("fil"));
    const body = { basicInformation, webReferenceNumber: claim.webReferenceNumber };
    const answer = await callClaim(server.app, "validateReferenceNumber", body, {
      token: claim.token,
      ...inLocale("en"),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await localeOf(claim.webReferenceNumber)).toBe("fil");
  });

  test("a call naming the draft's own language writes no row; naming another writes it", async () => {
    const claim = await startClaim(server.app, inLocale("fil"));
    const ref = claim.webReferenceNumber;
    const body = { basicInformation, webReferenceNumber: ref };
    const before = await rowVersion(ref);
    const same = await callClaim(server.app, "validateReferenceNumber", body, {
      token: claim.token,
      ...inLocale("fil"),
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await rowVersion(ref)).toBe(before);
    await callClaim(server.app, "validateReferenceNumber", body, {
      token: claim.token,
      ...inLocale("en"),
    });
    expect(await localeOf(ref)).toBe("en");
    expect(await rowVersion(ref)).not.toBe(before);
  });

  test("a call that keeps the draft's language sends no statement for it", async () => {
    const statements: string[] = [];
    const app = await testApp(
      recordingDatabase(statements),
      testConfig({}, { now: server.clock.now }),
    );
    others.push(app);
    const claim = await startClaim(app, inLocale("fil"));
    const body = { basicInformation, webReferenceNumber: claim.webReferenceNumber };
    const localeWrites = () => statements.filter((sql) => /UPDATE claims SET locale/.test(sql));
    statements.length = 0;
    const options = { token: claim.token, ...inLocale("fil") };
    expect((await callClaim(app, "validateReferenceNumber", body, options)).statusCode).toBe(200);
    expect(localeWrites()).toEqual([]);
    await callClaim(app, "validateReferenceNumber", body, { ...options, ...inLocale("en") });
    expect(localeWrites()).toHaveLength(1);
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
  });
});
