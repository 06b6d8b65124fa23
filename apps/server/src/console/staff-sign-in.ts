import { signInBody } from "@kalinga/domain/console-requests";
import { STAFF_SIGN_IN_THROTTLE, staffSignInDelaySeconds } from "@kalinga/domain/staff-roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod/mini";
import type { Queryable } from "../db/database.ts";
import { keyedHash } from "../http/keyed-hash.ts";
import { countHit, forgetBucket, takeHit } from "../http/rate-limit.ts";
import { audit } from "./audit-log.ts";
import { CONSOLE_MESSAGES as M, waitText } from "./console-texts.ts";
import { normaliseEmail, type StaffAccounts, type StaffUser } from "./staff-accounts.ts";

// Staff sign-in throttling (docs/decisions/0063, NIST SP 800-63B 5.2.2). No lock a stranger can set:
// each try is reserved in one atomic statement before the password or code is checked, per typed
// e-mail and client address, with delays that double after a few failures; a whole sign-in clears
// its own address's row only. Unknown e-mails go the same way, so the answers say nothing of which
// e-mails are staff. A per-address ceiling bounds the tries one address makes across all accounts.

const DAY_MS = 24 * 3600 * 1000;
/** Delays looked up by the statement: index n is the wait after n failures (the last one repeats). */
const DELAY_STEPS = 16;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type SignInThrottleOptions = {
  secret: string;
  /** Sign-in tries one client address may make per window, across all e-mails. */
  addressLimit: number;
  addressWindowSeconds: number;
};

type ThrottleDeps = { db: Queryable; options: SignInThrottleOptions };

const accountKey = ({ options }: ThrottleDeps, email: string) =>
  keyedHash(options.secret, "staff-sign-in-account", normaliseEmail(email));
const addressKey = ({ options }: ThrottleDeps, address: string) =>
  keyedHash(options.secret, "staff-sign-in-address", address);
const accountWindowBucket = ({ options }: ThrottleDeps, email: string) =>
  keyedHash(options.secret, "staff-sign-in-account-window", normaliseEmail(email));

/** Counts a try at an account from anywhere in the window; returns the count with this one. */
const accountTries = (deps: ThrottleDeps, email: string, now: Date): Promise<number> =>
  countHit(
    deps.db,
    accountWindowBucket(deps, email),
    { seconds: STAFF_SIGN_IN_THROTTLE.accountWindowSeconds },
    now,
  );

/**
 * Reserves one try at an account from an address, counted as a failure until proven right. One
 * statement: under any parallelism, tries past the free ones wait for the delay the reservation
 * before them set.
 */
async function reserveTry(
  deps: ThrottleDeps,
  email: string,
  address: string,
  now: Date,
): Promise<ThrottleDecision> {
  const { db } = deps;
  const tries = await accountTries(deps, email, now);
  const delays = Array.from({ length: DELAY_STEPS }, (_, i) =>
    staffSignInDelaySeconds(i + 1, tries),
  );
  const account = accountKey(deps, email);
  const from = addressKey(deps, address);
  const { rows } = await db.query(
    `INSERT INTO staff_sign_in_throttle AS t (account_key, address_key, failures, next_try_at, last_try_at)
     VALUES ($1, $2, 1, $3::timestamptz + make_interval(secs => ($4::int[])[1]), $3)
     ON CONFLICT (account_key, address_key) DO UPDATE SET
       failures = t.failures + 1,
       next_try_at = $3::timestamptz + make_interval(secs => COALESCE(
         ($4::int[])[t.failures + 1], ($4::int[])[${DELAY_STEPS}])),
       last_try_at = $3
     WHERE t.next_try_at <= $3
     RETURNING failures`,
    [account, from, now, delays],
  );
  if (rows.length > 0) return { allowed: true };
  const { rows: held } = await db.query<{ next_try_at: Date }>(
    "SELECT next_try_at FROM staff_sign_in_throttle WHERE account_key = $1 AND address_key = $2",
    [account, from],
  );
  const next = held[0] ? new Date(held[0].next_try_at).getTime() : now.getTime();
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((next - now.getTime()) / 1000)),
  };
}

/** An administrator's unlock: every address starts afresh at this account. */
async function clearAccount(deps: ThrottleDeps, email: string): Promise<number> {
  const { rowCount } = await deps.db.query(
    "DELETE FROM staff_sign_in_throttle WHERE account_key = $1",
    [accountKey(deps, email)],
  );
  await forgetBucket(deps.db, accountWindowBucket(deps, email));
  return rowCount;
}

/** The e-mails of these accounts that some address must wait for now. */
async function slowedDown(deps: ThrottleDeps, emails: string[], now: Date): Promise<Set<string>> {
  const keys = new Map(emails.map((email) => [accountKey(deps, email), email]));
  const { rows } = await deps.db.query<{ account_key: string }>(
    `SELECT DISTINCT account_key FROM staff_sign_in_throttle
     WHERE account_key = ANY($1::text[]) AND next_try_at > $2`,
    [[...keys.keys()], now],
  );
  return new Set(rows.map((row) => keys.get(row.account_key) as string));
}

export function createSignInThrottle(db: Queryable, options: SignInThrottleOptions) {
  const deps: ThrottleDeps = { db, options };
  return {
    /** The per-address ceiling, across every e-mail typed from the address. */
    addressTry(address: string, now: Date): Promise<ThrottleDecision> {
      return takeHit(
        db,
        keyedHash(options.secret, "staff-sign-in-address-window", address),
        { limit: options.addressLimit, seconds: options.addressWindowSeconds },
        now,
      );
    },

    reserve: (email: string, address: string, now: Date) => reserveTry(deps, email, address, now),

    /** A right password: its reservation is given back, so the code can be typed at once. */
    async giveBack(email: string, address: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE staff_sign_in_throttle SET failures = GREATEST(failures - 1, 0),
           next_try_at = LEAST(next_try_at, $3)
         WHERE account_key = $1 AND address_key = $2`,
        [accountKey(deps, email), addressKey(deps, address), now],
      );
    },

    /** A whole sign-in (password and code): this address starts afresh at this account. */
    async signedIn(email: string, address: string): Promise<void> {
      await db.query(
        "DELETE FROM staff_sign_in_throttle WHERE account_key = $1 AND address_key = $2",
        [accountKey(deps, email), addressKey(deps, address)],
      );
    },

    clearAccount: (email: string) => clearAccount(deps, email),
    slowedDown: (emails: string[], now: Date) => slowedDown(deps, emails, now),

    /** Rows of addresses that tried nothing for a day: their delays (15 minutes at most) are over. */
    async sweep(now: Date): Promise<void> {
      await db.query("DELETE FROM staff_sign_in_throttle WHERE last_try_at < $1", [
        new Date(now.getTime() - DAY_MS),
      ]);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

function invalid(reply: FastifyReply, issues: readonly z.core.$ZodIssue[]) {
  return reply.code(400).send({
    error: "invalid-request",
    errors: issues.map((issue) => ({
      field: issue.path.join(".") || "(body)",
      message: issue.path.length > 0 ? issue.message : M.badSignInBody,
    })),
  });
}

/** 429 with Retry-After; the same for a known and an unknown e-mail. */
function tooManyTries(reply: FastifyReply, retryAfterSeconds: number, fromAddress = false) {
  const wait = waitText(retryAfterSeconds);
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds))
    .send({
      error: "too-many-tries",
      message: fromAddress ? M.tooManyFromAddress(wait) : M.tooManyTries(wait),
    });
}

export type PasswordStep =
  | { reply: FastifyReply }
  | { staffId: string; email: string; totpConfirmed: boolean };

/**
 * The password step of POST /sign-in: checks the body, the address's ceiling and the account's
 * throttle before the password; answers every refusal itself.
 */
export async function passwordStep(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Queryable; accounts: StaffAccounts; throttle: SignInThrottle; now: () => Date },
): Promise<PasswordStep> {
  const { db, accounts, throttle, now } = deps;
  const body = signInBody.safeParse(request.body ?? {});
  if (!body.success) return { reply: invalid(reply, body.error.issues) };
  const { email, password } = body.data;
  const address = await throttle.addressTry(request.ip, now());
  if (!address.allowed) return { reply: tooManyTries(reply, address.retryAfterSeconds, true) };
  const reserved = await throttle.reserve(email, request.ip, now());
  if (!reserved.allowed) return { reply: tooManyTries(reply, reserved.retryAfterSeconds) };

  const check = await accounts.checkPassword(email, password);
  if (!check.ok) {
    await audit(
      db,
      {
        staffId: null,
        staffEmail: normaliseEmail(email),
        action: "session.password-refused",
        detail: { reason: check.reason },
      },
      now(),
    );
    if (check.reason === "disabled") {
      return { reply: reply.code(403).send({ error: "disabled", message: M.disabled }) };
    }
    return { reply: reply.code(401).send({ error: "wrong", message: M.wrongSignIn }) };
  }
  await throttle.giveBack(email, request.ip, now());
  return {
    staffId: check.user.id,
    email: check.user.email,
    totpConfirmed: check.user.totpConfirmed,
  };
}

/**
 * The code step of POST /sign-in/code, for the account of a password-only session: the try is
 * reserved like a password's; a right code is a whole sign-in and clears this address's row.
 */
export async function codeStep(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: {
    db: Queryable;
    accounts: StaffAccounts;
    throttle: SignInThrottle;
    now: () => Date;
    staffId: string;
    code: string;
  },
): Promise<{ reply: FastifyReply } | { user: StaffUser }> {
  const { db, accounts, throttle, now, staffId } = deps;
  const staff = await accounts.find(staffId);
  if (!staff)
    return { reply: reply.code(401).send({ error: "signed-out", message: M.sessionEnded }) };
  const reserved = await throttle.reserve(staff.email, request.ip, now());
  if (!reserved.allowed) return { reply: tooManyTries(reply, reserved.retryAfterSeconds) };
  const check = await accounts.checkCode(staffId, deps.code, now());
  if (!check.ok) {
    await audit(
      db,
      {
        staffId,
        staffEmail: staff.email,
        action: "session.code-refused",
        detail: { reason: check.reason },
      },
      now(),
    );
    return { reply: reply.code(401).send({ error: "wrong-code", message: M.wrongCode }) };
  }
  await throttle.signedIn(staff.email, request.ip);
  return { user: check.user };
}

type PasswordRecheck = { right: boolean } | { retryAfterSeconds: number; fromAddress: boolean };

/**
 * A signed-in member's password typed again (to change it): reserved and counted like a sign-in's
 * password from this address, so a session cannot guess the password any faster than the sign-in.
 */
export async function recheckPassword(
  deps: { accounts: StaffAccounts; throttle: SignInThrottle; now: () => Date },
  attempt: { email: string; address: string; password: string },
): Promise<PasswordRecheck> {
  const { accounts, throttle, now } = deps;
  const { email, address, password } = attempt;
  const fromAddress = await throttle.addressTry(address, now());
  if (!fromAddress.allowed)
    return { retryAfterSeconds: fromAddress.retryAfterSeconds, fromAddress: true };
  const reserved = await throttle.reserve(email, address, now());
  if (!reserved.allowed)
    return { retryAfterSeconds: reserved.retryAfterSeconds, fromAddress: false };
  const check = await accounts.checkPassword(email, password);
  if (!check.ok) return { right: false };
  await throttle.giveBack(email, address, now());
  return { right: true };
}
