import {
  CONSOLE_CALLS,
  type ConsoleCallName,
  type ConsoleCallSpec,
} from "@kalinga/domain/console-calls";
import { staffMay } from "@kalinga/domain/staff-roles";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";
import { findSubmittedClaim } from "../submission/submission-repository.ts";
import { audit } from "./audit-log.ts";
import { assigneeOf } from "./console-claims.ts";
import { type ConsoleServices, STAFF_COOKIE, type WorkedClaim } from "./console-handler.ts";
import { type ConsoleRefusal, refuse, sendConsoleRefusal } from "./console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "./console-texts.ts";
import type { StaffUser } from "./staff-accounts.ts";
import type { StaffSession } from "./staff-sessions.ts";

// Who may make a console call, checked the one way for every row of the table (docs/decisions/0072):
// the staff session (401) and its CSRF token on a change (403) in one hook, then the row's
// permission (403) and, for a call on a claim, whether the member may work it (404, 403; audited).

declare module "fastify" {
  interface FastifyContextConfig {
    /** The console call a route serves, set at its registration. */
    consoleCall?: ConsoleCallName;
  }
}

/** The table's row of the route the request matched; null for no route of the table. */
export const callOf = (request: FastifyRequest): ConsoleCallSpec | null => {
  const name = request.routeOptions.config.consoleCall;
  return name ? CONSOLE_CALLS[name] : null;
};

type Staffed = { staff: StaffUser; sessionId: string };

/** The signed-in member the session hook found; null on a call that needs no session. */
export const staffOf = (request: FastifyRequest): StaffUser | null =>
  (request as FastifyRequest & Partial<Staffed>).staff ?? null;
export const sessionIdOf = (request: FastifyRequest): string | null =>
  (request as FastifyRequest & Partial<Staffed>).sessionId ?? null;

/** Writes an audit row for the request, by its signed-in member when there is one. */
export function recordFor(db: Database, now: () => Date, request: FastifyRequest) {
  return (action: string, webReferenceNumber: string | null = null, detail: object = {}) => {
    const staff = staffOf(request);
    return audit(
      db,
      {
        staffId: staff?.id ?? null,
        staffEmail: staff?.email ?? null,
        action,
        webReferenceNumber,
        detail: detail as Record<string, unknown>,
      },
      now(),
    );
  };
}

export function consoleAccess(services: ConsoleServices) {
  const { db, accounts, sessions, now } = services;

  /** The one session hook: every call but the sign-in steps needs a whole, live session. */
  async function checkSession(request: FastifyRequest, reply: FastifyReply) {
    void reply.header("cache-control", "no-store");
    // The route it matched, never the raw URL, says if it is open (%61pi, a doubled slash).
    const call = callOf(request);
    if (call && call.credential !== "staff-session") return;
    const sessionId = request.cookies[STAFF_COOKIE];
    const session = await sessions.read(sessionId, now());
    if (!session?.secondFactor || !sessionId) {
      return sendConsoleRefusal(
        reply,
        refuse.signedOut(sessionId ? M.sessionEnded : M.signInFirst),
      );
    }
    // SameSite=Strict keeps other sites' requests cookie-less; the header proves it is the console.
    if (request.method !== "GET" && request.headers["x-csrf-token"] !== session.csrfToken) {
      return sendConsoleRefusal(reply, { refused: "csrf", message: M.badCsrf });
    }
    const staff = await accounts.find(session.staffId);
    if (!staff || staff.disabled)
      return sendConsoleRefusal(reply, refuse.signedOut(M.sessionEnded));
    Object.assign(request, { staff, sessionId } satisfies Staffed);
  }

  /** The code step's session: a right password's, not yet a whole sign-in, with its CSRF token. */
  async function passwordStepOf(
    request: FastifyRequest,
  ): Promise<(StaffSession & { id: string }) | ConsoleRefusal> {
    const id = request.cookies[STAFF_COOKIE];
    const session = await sessions.read(id, now());
    if (!session || session.secondFactor || !id) return refuse.signedOut(M.sessionEnded);
    if (request.headers["x-csrf-token"] !== session.csrfToken) {
      return { refused: "csrf", message: M.badCsrf };
    }
    return { ...session, id };
  }

  /** Whether the member's role grants any of the row's permissions. */
  const permitted = (call: ConsoleCallSpec, staff: StaffUser | null) =>
    call.permission === null ||
    (staff !== null && call.permission.some((permission) => staffMay(staff.role, permission)));

  /** The claim, if this member may work it: an examiner works their own and unassigned ones. */
  async function claimFor(
    request: FastifyRequest,
    staff: StaffUser,
    ref: string,
  ): Promise<WorkedClaim | ConsoleRefusal> {
    // A refused look at a claim is audited too: probing for references leaves a trace.
    const refused = (reason: string) =>
      recordFor(db, now, request)("claim.refused", ref, {
        reason,
        route: request.routeOptions.url,
      });
    const claim = await findSubmittedClaim(db, ref);
    if (!claim) {
      await refused("not-found");
      return refuse.notFound(M.notFound);
    }
    const assignedTo = await assigneeOf(db, claim.claimId);
    if (!staffMay(staff.role, "see-team") && assignedTo !== null && assignedTo !== staff.id) {
      await refused("not-yours");
      return { refused: "not-yours", message: M.notYours };
    }
    return { ...claim, assignedTo };
  }

  return { checkSession, passwordStepOf, permitted, claimFor };
}
