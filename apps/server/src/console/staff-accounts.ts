import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import type { StaffRole } from "@kalinga/domain/staff-roles";
import { hash, verify } from "@node-rs/argon2";
import { Secret, TOTP } from "otpauth";
import type { Queryable } from "../db/database.ts";
import { endSessionsOf } from "./staff-sessions.ts";

// Staff accounts: an Argon2id password and a TOTP second factor for every account, and a TOTP secret
// kept sealed with the server's secret. Throttling of wrong tries lives in staff-sign-in.ts.

export type StaffUser = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  totpConfirmed: boolean;
  createdAt: Date;
};

type StaffRow = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  last_totp_step: string | number | null;
  disabled_at: Date | null;
  created_at: Date;
};

const userOf = (row: StaffRow): StaffUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabled_at !== null,
  totpConfirmed: row.totp_confirmed_at !== null,
  createdAt: new Date(row.created_at),
});

/** The name an authenticator app shows beside a staff account's codes. */
export const CONSOLE_ISSUER = "Kalinga claims console";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A password to hand over once: 20 characters from an alphabet without look-alikes. */
export function temporaryPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

// A hash of a password nobody has, checked when the e-mail is unknown so both answers take as long.
const NOBODY = hash(randomBytes(16).toString("hex"));

function totpOf(secretBase32: string, email: string, issuer: string): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** AES-256-GCM under a key derived from the server's secret; "v1.<iv>.<tag>.<data>". */
function sealer(serverSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "kalinga", "staff-totp", 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data].map((p) => p.toString("base64url")).join(".");
    },
    open(sealed: string): string {
      const [, iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
      if (!iv || !tag || !data) throw new Error("A sealed TOTP secret is damaged.");
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    },
  };
}

/** What a change of KALINGA_SECRET did to the sealed authenticator secrets. */
export type Resealed = { resealed: number; current: number; unreadable: number };

/**
 * Seals every enrolled authenticator secret again under `secret`, opening it with `previous`: a
 * change of KALINGA_SECRET keeps the staff's enrolments. One already under `secret` is left as it
 * is, so a second run changes nothing; one neither opens is counted and left.
 */
export async function resealTotpSecrets(
  db: Queryable,
  previous: string,
  secret: string,
): Promise<Resealed> {
  const before = sealer(previous);
  const after = sealer(secret);
  const opened = (sealed: string, by: ReturnType<typeof sealer>) => {
    try {
      return by.open(sealed);
    } catch {
      return null;
    }
  };
  const { rows } = await db.query<{ id: string; totp_secret: string }>(
    "SELECT id, totp_secret FROM staff_users WHERE totp_secret IS NOT NULL FOR UPDATE",
  );
  const counts: Resealed = { resealed: 0, current: 0, unreadable: 0 };
  for (const row of rows) {
    const plain = opened(row.totp_secret, before);
    if (plain === null) {
      counts[opened(row.totp_secret, after) === null ? "unreadable" : "current"] += 1;
      continue;
    }
    await db.query("UPDATE staff_users SET totp_secret = $2 WHERE id = $1", [
      row.id,
      after.seal(plain),
    ]);
    counts.resealed += 1;
  }
  return counts;
}

export type PasswordCheck =
  | { ok: true; user: StaffUser }
  | { ok: false; reason: "wrong" | "disabled" };

export type CodeCheck = { ok: true; user: StaffUser } | { ok: false; reason: "wrong" };

type AccountDeps = {
  db: Queryable;
  options: { serverSecret: string; issuer: string };
  sealer: ReturnType<typeof sealer>;
};

async function accountRow(
  { db }: AccountDeps,
  where: "id" | "email",
  value: string,
): Promise<StaffRow | null> {
  const { rows } = await db.query<StaffRow>(`SELECT * FROM staff_users WHERE ${where} = $1`, [
    value,
  ]);
  return rows[0] ?? null;
}

async function createAccount(
  { db }: AccountDeps,
  input: { email: string; name: string; role: StaffRole; password: string },
  createdBy: string | null,
  now: Date,
): Promise<StaffUser | "taken"> {
  const email = normaliseEmail(input.email);
  const { rows } = await db.query<StaffRow>(
    `INSERT INTO staff_users (id, email, name, role, password_hash, created_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [
      randomUUID(),
      email,
      input.name.trim(),
      input.role,
      await hash(input.password),
      now,
      createdBy,
    ],
  );
  return rows[0] ? userOf(rows[0]) : "taken";
}

/** The account's TOTP secret, made now if it has none yet, for the enrolment screen. */
async function enrolment(
  deps: AccountDeps,
  id: string,
): Promise<{ secret: string; uri: string } | null> {
  const { seal, open } = deps.sealer;
  const r = await accountRow(deps, "id", id);
  if (!r || r.totp_confirmed_at) return null;
  let secret = r.totp_secret ? open(r.totp_secret) : null;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await deps.db.query("UPDATE staff_users SET totp_secret = $2 WHERE id = $1", [
      id,
      seal(secret),
    ]);
  }
  return { secret, uri: totpOf(secret, r.email, deps.options.issuer).toString() };
}

/** A code from the account's authenticator; right once, within one step either side. */
async function checkCode(
  deps: AccountDeps,
  id: string,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const r = await accountRow(deps, "id", id);
  if (!r?.totp_secret) return { ok: false, reason: "wrong" };
  const totp = totpOf(deps.sealer.open(r.totp_secret), r.email, deps.options.issuer);
  const delta = /^\d{6}$/.test(code)
    ? totp.validate({ token: code, timestamp: now.getTime(), window: 1 })
    : null;
  const step = delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
  // The update accepts the step only if it is later than the last one used: no replay.
  const accepted =
    step !== null &&
    (
      await deps.db.query(
        `UPDATE staff_users SET last_totp_step = $2,
           totp_confirmed_at = COALESCE(totp_confirmed_at, $3)
         WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2)`,
        [id, step, now],
      )
    ).rowCount === 1;
  if (!accepted) return { ok: false, reason: "wrong" };
  return { ok: true, user: userOf({ ...r, totp_confirmed_at: r.totp_confirmed_at ?? now }) };
}

export function createStaffAccounts(
  db: Queryable,
  options: { serverSecret: string; issuer: string },
) {
  const deps: AccountDeps = { db, options, sealer: sealer(options.serverSecret) };
  const row = (where: "id" | "email", value: string) => accountRow(deps, where, value);

  return {
    create: (
      input: { email: string; name: string; role: StaffRole; password: string },
      createdBy: string | null,
      now: Date,
    ) => createAccount(deps, input, createdBy, now),

    async find(id: string): Promise<StaffUser | null> {
      const r = await row("id", id);
      return r ? userOf(r) : null;
    },

    async list(): Promise<StaffUser[]> {
      const { rows } = await db.query<StaffRow>(
        "SELECT * FROM staff_users ORDER BY created_at, email",
      );
      return rows.map(userOf);
    },

    /** Throttled by the caller first; an unknown e-mail is checked against a dummy hash. */
    async checkPassword(emailInput: string, password: string): Promise<PasswordCheck> {
      const r = await row("email", normaliseEmail(emailInput));
      const right = await verify(r?.password_hash ?? (await NOBODY), password).catch(() => false);
      if (!r || !right) return { ok: false, reason: "wrong" };
      if (r.disabled_at) return { ok: false, reason: "disabled" };
      return { ok: true, user: userOf(r) };
    },

    enrolment: (id: string) => enrolment(deps, id),
    checkCode: (id: string, code: string, now: Date) => checkCode(deps, id, code, now),

    /** An administrator's reset: a new password, and every session of the account ends. */
    async resetPassword(id: string, password: string): Promise<StaffUser | null> {
      const { rows } = await db.query<StaffRow>(
        "UPDATE staff_users SET password_hash = $2 WHERE id = $1 RETURNING *",
        [id, await hash(password)],
      );
      await endSessionsOf(db, id);
      return rows[0] ? userOf(rows[0]) : null;
    },

    /** A member's own change, once the current password was checked; the caller ends sessions. */
    async changePassword(id: string, password: string): Promise<void> {
      await db.query("UPDATE staff_users SET password_hash = $2 WHERE id = $1", [
        id,
        await hash(password),
      ]);
    },

    /** An administrator's reset: the next sign-in sets up an authenticator again; sessions end. */
    async resetSecondFactor(id: string): Promise<StaffUser | null> {
      const { rows } = await db.query<StaffRow>(
        `UPDATE staff_users SET totp_secret = NULL, totp_confirmed_at = NULL, last_totp_step = NULL
         WHERE id = $1 RETURNING *`,
        [id],
      );
      await endSessionsOf(db, id);
      return rows[0] ? userOf(rows[0]) : null;
    },

    async setDisabled(id: string, disabled: boolean, now: Date): Promise<StaffUser | null> {
      const { rows } = await db.query<StaffRow>(
        "UPDATE staff_users SET disabled_at = $2 WHERE id = $1 RETURNING *",
        [id, disabled ? now : null],
      );
      if (disabled) await endSessionsOf(db, id);
      return rows[0] ? userOf(rows[0]) : null;
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
