import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { buildApp } from "../src/app.ts";
import { replaceSecretFingerprint, secretFingerprint } from "../src/db/secret-fingerprint.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  latestCode,
  requestCode,
  startClaim,
  TEST_SECRET,
  testApp,
  testConfig,
  validateCode,
} from "./support/test-app.ts";

// Servers sharing a database must share KALINGA_SECRET: the first writes the secret's fingerprint,
// the others compare and refuse to start on a difference. Apps are built on the file's database.
const server = useServerTest({ app: false });

const OTHER_SECRET = "another-secret-that-is-long-enough-987654321";

async function keptRows() {
  const { rows } = await server.db.query<{ fingerprint: string }>("SELECT * FROM server_secret");
  return rows;
}

describe("the secret servers on one database share", () => {
  test("the first server writes the fingerprint, never the secret nor a plain hash of it", async () => {
    expect(await keptRows()).toEqual([]);
    const app = await testApp(server.db, testConfig());
    await app.close();
    const rows = await keptRows();
    expect(rows.map((row) => row.fingerprint)).toEqual([secretFingerprint(TEST_SECRET)]);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(TEST_SECRET);
    for (const digest of ["sha256", "sha512", "sha1", "md5"]) {
      const plain = createHash(digest).update(TEST_SECRET);
      for (const encoding of ["hex", "base64", "base64url"] as const) {
        expect(everything).not.toContain(plain.copy().digest(encoding));
      }
    }
  });

  test("a second server with the same secret starts, and validates the first one's code", async () => {
    const first = await testApp(server.db, testConfig());
    const second = await testApp(server.db, testConfig());
    try {
      const claim = await startClaim(first);
      await requestCode(first, claim);
      const response = await validateCode(second, claim, await latestCode(first));
      expect(response.statusCode).toBe(200);
      expect(await keptRows()).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("a second server with another secret refuses to start, and says why and how to rotate", async () => {
    const first = await testApp(server.db, testConfig());
    try {
      const refused = buildApp(testConfig({ KALINGA_SECRET: OTHER_SECRET }), {
        database: server.db,
      });
      await expect(refused).rejects.toThrow(/servers sharing a database must share KALINGA_SECRET/);
      await expect(refused).rejects.toThrow(/npm run rotate-secret/);
      expect((await keptRows()).map((row) => row.fingerprint)).toEqual([
        secretFingerprint(TEST_SECRET),
      ]);
    } finally {
      await first.close();
    }
  });

  test("after the rotation the new secret starts and the old one is refused", async () => {
    await (await testApp(server.db, testConfig())).close();
    expect(await replaceSecretFingerprint(server.db, OTHER_SECRET, new Date())).toBe(true);
    expect(await replaceSecretFingerprint(server.db, OTHER_SECRET, new Date())).toBe(false);
    const rotated = await testApp(server.db, testConfig({ KALINGA_SECRET: OTHER_SECRET }));
    await rotated.close();
    await expect(buildApp(testConfig(), { database: server.db })).rejects.toThrow(
      /must share KALINGA_SECRET/,
    );
  });
});
