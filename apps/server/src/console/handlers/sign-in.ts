import QRCode from "qrcode";
import { audit } from "../audit-log.ts";
import {
  type ConsoleCallHandlers,
  type ConsoleServices,
  publicStaff,
  STAFF_COOKIE,
} from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M, waitText } from "../console-texts.ts";
import { codeStep, passwordStep, recheckPassword } from "../staff-sign-in.ts";

// Signing in with a password, then a TOTP code (set up at the first sign-in); reading and ending
// the session; changing one's own password. The session cookie is httpOnly and SameSite=Strict,
// under /console only.

type SignInHandlers = Pick<
  ConsoleCallHandlers,
  "signIn" | "signInCode" | "readSession" | "signOut" | "changeOwnPassword"
>;

export function signInHandlers(services: ConsoleServices): SignInHandlers {
  const { db, accounts, sessions, throttle, now } = services;
  const cookieOptions = {
    path: "/console",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: services.secureCookies,
  };

  return {
    async signIn({ request, reply }) {
      // Throttled per e-mail and address before the password is checked (staff-sign-in.ts).
      const check = await passwordStep(request, reply, { db, accounts, throttle, now });
      if ("reply" in check) return check.reply;
      const half = await sessions.startPasswordStep(check.staffId, now());
      void reply.setCookie(STAFF_COOKIE, half.id, cookieOptions);
      if (check.totpConfirmed) return { next: "code", csrfToken: half.csrfToken };
      const enrolment = await accounts.enrolment(check.staffId);
      if (!enrolment) return { refused: "enrolment", message: null };
      return {
        next: "enrol",
        csrfToken: half.csrfToken,
        secret: enrolment.secret,
        otpauthUri: enrolment.uri,
        qrSvg: await QRCode.toString(enrolment.uri, {
          type: "svg",
          margin: 1,
          errorCorrectionLevel: "M",
        }),
      };
    },

    async signInCode({ request, reply, body, passwordStep: half }) {
      const check = await codeStep(request, reply, {
        db,
        accounts,
        throttle,
        now,
        staffId: half.staffId,
        code: body.code,
      });
      if ("reply" in check) return check.reply;
      const full = await sessions.completeSignIn(half.id, check.user.id, now());
      void reply.setCookie(STAFF_COOKIE, full.id, cookieOptions);
      await audit(
        db,
        { staffId: check.user.id, staffEmail: check.user.email, action: "session.sign-in" },
        now(),
      );
      return { staff: publicStaff(check.user), csrfToken: full.csrfToken };
    },

    async readSession({ request }) {
      const session = await sessions.read(request.cookies[STAFF_COOKIE], now());
      const staff = session?.secondFactor ? await accounts.find(session.staffId) : null;
      if (!session || !staff || staff.disabled) return refuse.signedOut(M.signInFirst);
      return { staff: publicStaff(staff), csrfToken: session.csrfToken };
    },

    async signOut({ reply, sessionId, record }) {
      await record("session.sign-out");
      await sessions.end(sessionId);
      void reply.clearCookie(STAFF_COOKIE, cookieOptions);
      return { signedOut: true };
    },

    async changeOwnPassword({ request, body, staff, sessionId, record }) {
      // The current password is a guess like a sign-in's: throttled and counted the same way.
      const check = await recheckPassword(
        { accounts, throttle, now },
        { email: staff.email, address: request.ip, password: body.currentPassword },
      );
      if ("retryAfterSeconds" in check) {
        const wait = waitText(check.retryAfterSeconds);
        return {
          refused: "too-many-tries",
          message: check.fromAddress ? M.tooManyFromAddress(wait) : M.tooManyTries(wait),
          retryAfterSeconds: check.retryAfterSeconds,
        };
      }
      if (!check.right) {
        await record("staff.password-change-refused", null, { reason: "wrong" });
        return { refused: "wrong", message: M.wrongCurrentPassword };
      }
      await accounts.changePassword(staff.id, body.newPassword);
      const otherSessionsEnded = await sessions.endOthers(staff.id, sessionId);
      await record("staff.password-change", null, { otherSessionsEnded });
      return { changed: true, otherSessionsEnded };
    },
  };
}
