import { expect, test } from "vitest";
import { resealTotpSecrets } from "../src/console/staff-accounts.ts";
import { replaceSecretFingerprint } from "../src/db/secret-fingerprint.ts";
import { resealDrafts, saveDraft } from "../src/drafts/draft-repository.ts";
import { openDraft, sealDraft } from "../src/drafts/draft-seal.ts";
import { ADMIN, consoleStaff } from "./support/console-staff.ts";
import { useServerTest } from "./support/server-test.ts";
import { startClaim, TEST_SECRET } from "./support/test-app.ts";

// A change of KALINGA_SECRET keeps what the old secret sealed (decision 0101, docs/operations.md):
// `npm run rotate-secret` opens the staff's authenticator secrets and the claimants' drafts with
// the previous secret and seals them under the new one, so an enrolment made before still signs in
// and a draft still opens. A second run changes nothing.

const server = useServerTest({ scope: "file" });
const staff = consoleStaff(server);
const NEW_SECRET = "the-rotated-secret-that-is-long-enough-0123456789";
const DRAFT = JSON.stringify({ step: "claim-details", answers: { claimType: "Living" } });

/** A claim with a draft sealed under the server's secret; its reference. */
async function claimWithDraft(): Promise<string> {
  const claim = await startClaim(server.app);
  const { rows } = await server.db.query<{ id: string; web_reference_number: string }>(
    "SELECT id, web_reference_number FROM claims ORDER BY created_at DESC LIMIT 1",
  );
  const row = rows[0];
  if (!row || row.web_reference_number !== claim.webReferenceNumber) throw new Error("no claim");
  const now = server.clock.now();
  await saveDraft(server.db, {
    ...sealDraft(TEST_SECRET, row.web_reference_number, DRAFT),
    claimId: row.id,
    claimType: "Living",
    now,
    expiresAt: new Date(now.getTime() + 86_400_000),
    reminderDueAt: new Date(now.getTime() + 43_200_000),
  });
  return row.web_reference_number;
}

async function draftOpensWith(secret: string, reference: string): Promise<string | null> {
  const { rows } = await server.db.query<{ key_id: string; sealed: string }>(
    `SELECT d.key_id, d.sealed FROM claim_drafts d JOIN claims c ON c.id = d.claim_id
     WHERE c.web_reference_number = $1`,
    [reference],
  );
  const row = rows[0];
  return row ? openDraft(secret, reference, { keyId: row.key_id, sealed: row.sealed }) : null;
}

test("after a KALINGA_SECRET rotation, enrolments still sign in and drafts still open; a second run changes nothing", async () => {
  await staff.createAdministrator();
  const before = await staff.signIn(ADMIN.email, ADMIN.password);
  const reference = await claimWithDraft();

  // rotate-secret's steps, then the servers started with the new secret.
  const rotate = () =>
    server.db.transaction(async (tx) => ({
      staff: await resealTotpSecrets(tx, TEST_SECRET, NEW_SECRET),
      drafts: await resealDrafts(tx, TEST_SECRET, NEW_SECRET),
    }));
  expect(await rotate()).toEqual({
    staff: { resealed: 1, current: 0, unreadable: 0 },
    drafts: { resealed: 1, current: 0, unreadable: 0 },
  });
  await replaceSecretFingerprint(server.db, NEW_SECRET, server.clock.now());
  await server.restart({ KALINGA_SECRET: NEW_SECRET });

  expect(await draftOpensWith(NEW_SECRET, reference)).toBe(DRAFT);
  expect(await draftOpensWith(TEST_SECRET, reference)).toBeNull();

  // The authenticator enrolled before the rotation still gives the code step its 200.
  server.clock.advance(30);
  const again = await staff.signIn(ADMIN.email, ADMIN.password, before.secret);
  expect((await again.call("GET", "/session")).statusCode).toBe(200);

  expect(await rotate()).toEqual({
    staff: { resealed: 0, current: 1, unreadable: 0 },
    drafts: { resealed: 0, current: 1, unreadable: 0 },
  });
});
