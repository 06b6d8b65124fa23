import { describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { sweepRetention } from "../src/privacy/retention-sweep.ts";
import { countStoredFiles } from "./support/claim-documents.ts";
import { filedClaim, verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";

// The retention job's rounds in the audit log (decision 0111): a round that erased writes its row;
// one that erased nothing writes a `retention.round` row only when the log has had no retention row
// for a day, so an operator sees the job alive without a row an hour. A dry run erases nothing and
// audits what it would erase.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const HOUR_S = 3600;

/** One round; tried again while the server's own start-up housekeeping holds the job. */
async function sweep(settings: { dryRun?: boolean } = {}) {
  for (let tries = 0; tries < 50; tries++) {
    const round = await sweepRetention(
      server.db,
      createDiskDocumentStore(server.documentsDir),
      server.clock.now(),
      { ...server.config.retention, ...settings },
    );
    if (round) return round;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the retention job stayed held");
}

async function retentionRows() {
  const { rows } = await server.db.query<{ action: string; at: Date; detail: object }>(
    "SELECT action, at, detail FROM staff_audit_log WHERE action LIKE 'retention.%' ORDER BY seq",
  );
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

describe("the retention job's rounds in the audit log", () => {
  test("an empty round is audited once a day; a round that erased counts as the day's row", async () => {
    // The first round (the server's start-up housekeeping, or this one) is written; not twice.
    const started = server.clock.now().toISOString();
    await sweep();
    expect(await retentionRows()).toEqual([
      {
        action: "retention.round",
        at: started,
        detail: {
          claims: 0,
          submitted: 0,
          unsubmitted: 0,
          files: 0,
          settings: server.config.retention,
        },
      },
    ]);
    for (let hour = 1; hour < 24; hour++) {
      server.clock.advance(HOUR_S);
      await sweep();
    }
    expect(await retentionRows()).toHaveLength(1);
    server.clock.advance(HOUR_S);
    await sweep();
    const afterADay = await retentionRows();
    expect(afterADay.map((row) => [row.action, row.at])).toEqual([
      ["retention.round", started],
      ["retention.round", server.clock.now().toISOString()],
    ]);

    // A claim never submitted, 91 days on: the round that erases it is the day's row.
    await verifiedClaim(server.app);
    server.clock.advance(91 * 24 * HOUR_S);
    expect(await sweep()).toMatchObject({ claims: 1 });
    server.clock.advance(HOUR_S);
    await sweep();
    expect((await retentionRows()).map((row) => row.action)).toEqual([
      "retention.round",
      "retention.round",
      "retention.erase",
    ]);
  });

  test("a dry run erases nothing, and audits and answers what it would erase", async () => {
    const draft = (await verifiedClaim(server.app)).webReferenceNumber;
    server.clock.advance(60);
    const filed = (await filedClaim(server.app, { mobile: "9181112222" })).webReferenceNumber;
    const files = await countStoredFiles(server.documentsDir);
    server.clock.advance(91 * 24 * HOUR_S);

    const dry = await sweep({ dryRun: true });
    expect(dry).toEqual({ claims: 1, submitted: 0, unsubmitted: 1, files: 0 });
    const { rows } = await server.db.query<{ web_reference_number: string }>(
      "SELECT web_reference_number FROM claims ORDER BY created_at",
    );
    expect(rows.map((row) => row.web_reference_number)).toEqual([draft, filed]);
    expect(await countStoredFiles(server.documentsDir)).toBe(files);
    const [dryRow] = (await retentionRows()).filter((row) => row.action === "retention.dry-run");
    expect(dryRow?.detail).toEqual({
      claims: 1,
      submitted: 0,
      unsubmitted: 1,
      files: 0,
      settings: { ...server.config.retention, dryRun: true },
      references: [draft],
    });
    // Every dry round says so again; the real round then erases the same claim.
    await sweep({ dryRun: true });
    expect(
      (await retentionRows()).filter((row) => row.action === "retention.dry-run"),
    ).toHaveLength(2);
    expect(await sweep()).toEqual(dry);
    expect((await retentionRows()).at(-1)?.action).toBe("retention.erase");
  });

  test("RETENTION_DRY_RUN is read as true or false, and anything else stops the start", () => {
    expect(loadConfig({ RETENTION_DRY_RUN: "true" }).retention.dryRun).toBe(true);
    expect(loadConfig({ RETENTION_DRY_RUN: "false" }).retention.dryRun).toBe(false);
    expect(loadConfig({}).retention.dryRun).toBe(false);
    expect(() => loadConfig({ RETENTION_DRY_RUN: "maybe" })).toThrow(/RETENTION_DRY_RUN/);
  });
});
