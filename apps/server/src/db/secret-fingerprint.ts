import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "./database.ts";

// Servers sharing a database must share KALINGA_SECRET (decision 0101): OTP codes and rate-limit
// keys are HMACs of it, so a server with another secret refuses every code another server sent,
// and says nothing. The first server to start writes the secret's fingerprint; every later one
// compares and refuses to start on a difference. The runtime role may only read and add the row;
// replacing it is the rotation command's, run as the owner role.

const FINGERPRINT_LABEL = "kalinga-secret-fingerprint";

/** HMAC-SHA256 of a fixed label under the secret: says whether two secrets agree, not what they are. */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update(FINGERPRINT_LABEL).digest("base64url");
}

class SecretMismatchError extends Error {
  constructor() {
    super(
      "KALINGA_SECRET differs from the one the other servers on this database use: servers sharing " +
        "a database must share KALINGA_SECRET, or each would refuse the codes the others send. " +
        "Start this server with the same KALINGA_SECRET. To change the secret on purpose, stop every " +
        "server, run `npm run rotate-secret` with the new KALINGA_SECRET, then start " +
        "them all with it.",
    );
    this.name = "SecretMismatchError";
  }
}

async function storedFingerprint(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ fingerprint: string }>(
    "SELECT fingerprint FROM server_secret WHERE id",
  );
  return rows[0]?.fingerprint ?? null;
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Writes the secret's fingerprint when none is kept (the first server), else compares: throws
 * SecretMismatchError when this server's secret is not the one the database was started with.
 */
export async function checkSharedSecret(db: Database, secret: string, now: Date): Promise<void> {
  const mine = secretFingerprint(secret);
  // Two first servers starting at once: one insert wins, and both compare against it.
  await db.query(
    "INSERT INTO server_secret (id, fingerprint, written_at) VALUES (true, $1, $2) ON CONFLICT (id) DO NOTHING",
    [mine, now],
  );
  const kept = await storedFingerprint(db);
  if (kept === null || !same(kept, mine)) throw new SecretMismatchError();
}

/** Replaces the kept fingerprint with the secret's; says whether it changed. */
export async function replaceSecretFingerprint(
  db: Database,
  secret: string,
  now: Date,
): Promise<boolean> {
  const mine = secretFingerprint(secret);
  const before = await storedFingerprint(db);
  await db.query(
    `INSERT INTO server_secret (id, fingerprint, written_at) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, written_at = EXCLUDED.written_at`,
    [mine, now],
  );
  return before !== mine;
}
