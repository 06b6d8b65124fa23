import fastifyCookie from "@fastify/cookie";
import {
  CLAIM_STATUSES,
  CLOSED_INCOMPLETE,
  claimClocks,
  isClaimStatus,
} from "@kalinga/domain/claim-lifecycle";
import { claimDetailSections } from "@kalinga/domain/claim-payload-view";
import { claimStatusName } from "@kalinga/domain/claim-status";
import { csvText } from "@kalinga/domain/csv";
import { todayInManila } from "@kalinga/domain/dates";
import { hasUnsavableCharacters } from "@kalinga/domain/free-text";
import {
  dueDateErrors,
  policyMatchBody,
  requirementsBody,
  statusChangeBody,
} from "@kalinga/domain/lifecycle-requests";
import { refusalStatus } from "@kalinga/domain/refusals";
import {
  idInput,
  queryText,
  ROUTE_INPUT_MESSAGES,
  wholeNumberInput,
} from "@kalinga/domain/route-inputs";
import {
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  type StaffPermission,
  staffMay,
} from "@kalinga/domain/staff-roles";
import { readWebReference } from "@kalinga/domain/web-reference-number";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import * as z from "zod/mini";
import type { Database } from "../db/database.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import { honourIdempotencyKeys } from "../http/caller-idempotency.ts";
import { checkPathParams } from "../http/route-params.ts";
import { type Actor, findSubmittedClaim } from "../lifecycle/lifecycle-repository.ts";
import type { LifecycleRefusal, LifecycleService } from "../lifecycle/lifecycle-service.ts";
import { audit, readAuditLog } from "./audit-log.ts";
import {
  declarationsOf,
  filedDocuments,
  requestName,
  sentRequestFiles,
} from "./console-claim-view.ts";
import {
  addNote,
  assignClaim,
  assigneeOf,
  listNotes,
  type QueueQuery,
  type QueueRow,
  readQueue,
  statusChangesOf,
} from "./console-claims.ts";
import { CONSOLE_MESSAGES as M, QUEUE_CSV_HEADINGS } from "./console-texts.ts";
import { type StaffAccounts, type StaffUser, temporaryPassword } from "./staff-accounts.ts";
import type { StaffSessions } from "./staff-sessions.ts";
import { codeStep, passwordStep, type SignInThrottle } from "./staff-sign-in.ts";

// The claims-staff console's API (docs/decisions/0053), under /console/api: sign-in with a password
// and a TOTP code, the queue, one claim with its documents and timeline, the changes the lifecycle
// allows, assignment, notes, staff accounts and the audit log. Every view of a claim and every
// change writes an audit row.

export const CONSOLE_API = "/console/api";
export const STAFF_COOKIE = "kalinga_staff";
const PAGE_SIZE = 50;
const CSV_LIMIT = 10_000;

export type ConsoleRouteOptions = {
  db: Database;
  accounts: StaffAccounts;
  sessions: StaffSessions;
  throttle: SignInThrottle;
  lifecycle: LifecycleService;
  documentStore: DocumentStore;
  serviceLevelDays: { Death: number; Living: number };
  secureCookies: boolean;
  now: () => Date;
};

type Staffed = FastifyRequest & { staff: StaffUser; sessionId: string };

const text = (max: number) =>
  z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.refine((value) => !hasUnsavableCharacters(value)),
  );

const codeBody = z.object({ code: z.string().check(z.maxLength(12)) });
const newStaffBody = z.strictObject({
  email: z
    .string()
    .check(z.trim(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, M.badEmail)),
  name: z.string().check(z.trim(), z.minLength(1, M.badName), z.maxLength(120, M.badName)),
  role: z.enum(STAFF_ROLES, M.badRole),
});
const disabledBody = z.strictObject({ disabled: z.boolean() });
const assignmentBody = z.strictObject({ staffId: z.nullable(z.uuid()) });
const noteBody = z.strictObject({ body: text(4000) });
const decideBody = z.union([
  z.strictObject({ accept: z.literal(true) }),
  z.strictObject({ accept: z.literal(false), reason: text(500) }),
]);

const auditQuery = z.object({
  claim: z.optional(queryText(40)),
  before: z.optional(wholeNumberInput(1, Number.MAX_SAFE_INTEGER)),
});

/** The queue's filters: each in its form, or 400 naming it (a NUL would reach the search). */
const queueParams = z.object({
  status: z.optional(z.string().check(z.refine(isClaimStatus, ROUTE_INPUT_MESSAGES.unknownStatus))),
  type: z.optional(z.enum(["Death", "Living"], ROUTE_INPUT_MESSAGES.oneOf(["Death", "Living"]))),
  assigned: z.optional(
    z
      .string()
      .check(
        z.refine(
          (value) => value === "mine" || value === "unassigned" || idInput.safeParse(value).success,
          ROUTE_INPUT_MESSAGES.badAssignee,
        ),
      ),
  ),
  q: z.optional(queryText(100)),
  page: z.optional(wholeNumberInput(1, 10_000)),
});

function invalid(reply: FastifyReply, issues: readonly z.core.$ZodIssue[]) {
  return reply.code(400).send({
    error: "invalid-request",
    errors: issues.map((issue) => ({
      field: issue.path.join(".") || "(body)",
      message: issue.message,
    })),
  });
}

const REFUSAL_MESSAGES: Record<LifecycleRefusal["refused"], string> = {
  "not-found": M.notFound,
  "requirement-not-found": M.requirementNotFound,
  "not-allowed": M.statusNotAllowed,
  "unknown-status": M.statusNotAllowed,
  "needs-requirements": M.needsRequirements,
  "needs-decision": M.needsDecision,
  "requirements-not-overdue": M.notOverdue,
  "reopen-period-over": M.reopenPeriodOver,
};

/** The console's answer to a refusal of the lifecycle: the integration API's status, its own words. */
function refusal(reply: FastifyReply, result: LifecycleRefusal) {
  const statusCode = refusalStatus(result.refused);
  const extra = result.refused === "not-allowed" ? { allowedNextStatuses: result.allowed } : {};
  return reply
    .code(statusCode)
    .send({ error: result.refused, message: REFUSAL_MESSAGES[result.refused], ...extra });
}

export async function consoleRoutes(app: FastifyInstance, options: ConsoleRouteOptions) {
  const { db, accounts, sessions, throttle, lifecycle, now } = options;
  await app.register(fastifyCookie);

  const cookieOptions = {
    path: "/console",
    httpOnly: true,
    sameSite: "strict" as const,
    secure: options.secureCookies,
  };
  const staffOf = (request: FastifyRequest) => (request as Staffed).staff;
  const actorOf = (request: FastifyRequest): Actor => ({
    kind: "staff",
    id: staffOf(request).email,
  });
  const record = (
    request: FastifyRequest,
    action: string,
    webReferenceNumber: string | null = null,
    detail: Record<string, unknown> = {},
  ) => {
    const staff = (request as Partial<Staffed>).staff;
    return audit(
      db,
      {
        staffId: staff?.id ?? null,
        staffEmail: staff?.email ?? null,
        action,
        webReferenceNumber,
        detail,
      },
      now(),
    );
  };

  const OPEN = new Set([
    `${CONSOLE_API}/sign-in`,
    `${CONSOLE_API}/sign-in/code`,
    `${CONSOLE_API}/session`,
  ]);

  // This plugin holds only the console's routes, so the hook runs for each of them however its URL
  // is spelled (%61pi, a doubled slash); the route it matched, never the raw URL, says if it is open.
  app.addHook("preValidation", checkPathParams);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (OPEN.has(request.routeOptions.url ?? "")) return;
    const sessionId = request.cookies[STAFF_COOKIE];
    const session = await sessions.read(sessionId, now());
    if (!session?.secondFactor) {
      return reply
        .code(401)
        .send({ error: "signed-out", message: sessionId ? M.sessionEnded : M.signInFirst });
    }
    // SameSite=Strict keeps other sites' requests cookie-less; the header proves it is the console.
    if (request.method !== "GET" && request.headers["x-csrf-token"] !== session.csrfToken) {
      return reply.code(403).send({ error: "csrf", message: M.badCsrf });
    }
    const staff = await accounts.find(session.staffId);
    if (!staff || staff.disabled)
      return reply.code(401).send({ error: "signed-out", message: M.sessionEnded });
    Object.assign(request, { staff, sessionId });
  });

  // After the session check: a change sent again under one Idempotency-Key is done once.
  honourIdempotencyKeys(app, {
    db,
    callerOf: (request) => {
      const staff = (request as Partial<Staffed>).staff;
      return staff ? `staff:${staff.id}` : null;
    },
    now,
  });

  const may = (request: FastifyRequest, reply: FastifyReply, permission: StaffPermission) => {
    if (staffMay(staffOf(request).role, permission)) return true;
    void reply.code(403).send({ error: "forbidden", message: M.notAllowed });
    return false;
  };

  /** The claim, if this member of staff may work it: an examiner works their own and unassigned ones. */
  async function claimFor(request: FastifyRequest, reply: FastifyReply, ref: string) {
    // A refused look at a claim is audited too: probing for references leaves a trace.
    const refused = (reason: string) =>
      record(request, "claim.refused", ref, { reason, route: request.routeOptions.url });
    const claim = await findSubmittedClaim(db, ref);
    if (!claim) {
      await refused("not-found");
      void reply.code(404).send({ error: "not-found", message: M.notFound });
      return null;
    }
    const staff = staffOf(request);
    const assignedTo = await assigneeOf(db, claim.claimId);
    if (!staffMay(staff.role, "see-team") && assignedTo !== null && assignedTo !== staff.id) {
      await refused("not-yours");
      void reply.code(403).send({ error: "not-yours", message: M.notYours });
      return null;
    }
    return { ...claim, assignedTo };
  }

  const publicStaff = (staff: StaffUser) => ({
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    permissions: STAFF_PERMISSIONS.filter((p) => staffMay(staff.role, p)),
  });

  // ── Signing in ───────────────────────────────────────────────────────────────────────────────

  app.post(`${CONSOLE_API}/sign-in`, async (request, reply) => {
    // Throttled per e-mail and address before the password is checked (staff-sign-in.ts).
    const check = await passwordStep(request, reply, { db, accounts, throttle, now });
    if ("reply" in check) return check.reply;
    const half = await sessions.startPasswordStep(check.staffId, now());
    void reply.setCookie(STAFF_COOKIE, half.id, cookieOptions);
    if (check.totpConfirmed) return { next: "code", csrfToken: half.csrfToken };
    const enrolment = await accounts.enrolment(check.staffId);
    if (!enrolment) return reply.code(500).send({ error: "enrolment" });
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
  });

  app.post(`${CONSOLE_API}/sign-in/code`, async (request, reply) => {
    const halfId = request.cookies[STAFF_COOKIE];
    const session = await sessions.read(halfId, now());
    if (!session || session.secondFactor || !halfId) {
      return reply.code(401).send({ error: "signed-out", message: M.sessionEnded });
    }
    if (request.headers["x-csrf-token"] !== session.csrfToken) {
      return reply.code(403).send({ error: "csrf", message: M.badCsrf });
    }
    const body = codeBody.safeParse(request.body);
    const check = await codeStep(request, reply, {
      db,
      accounts,
      throttle,
      now,
      staffId: session.staffId,
      code: body.success ? body.data.code.replace(/\s/g, "") : "",
    });
    if ("reply" in check) return check.reply;
    const full = await sessions.completeSignIn(halfId, check.user.id, now());
    void reply.setCookie(STAFF_COOKIE, full.id, cookieOptions);
    await audit(
      db,
      { staffId: check.user.id, staffEmail: check.user.email, action: "session.sign-in" },
      now(),
    );
    return { staff: publicStaff(check.user), csrfToken: full.csrfToken };
  });

  app.get(`${CONSOLE_API}/session`, async (request, reply) => {
    const session = await sessions.read(request.cookies[STAFF_COOKIE], now());
    const staff = session?.secondFactor ? await accounts.find(session.staffId) : null;
    if (!session || !staff || staff.disabled) {
      return reply.code(401).send({ error: "signed-out", message: M.signInFirst });
    }
    return { staff: publicStaff(staff), csrfToken: session.csrfToken };
  });

  app.post(`${CONSOLE_API}/sign-out`, async (request, reply) => {
    await record(request, "session.sign-out");
    await sessions.end((request as Staffed).sessionId);
    void reply.clearCookie(STAFF_COOKIE, cookieOptions);
    return { signedOut: true };
  });

  // ── Staff accounts ───────────────────────────────────────────────────────────────────────────

  app.get(`${CONSOLE_API}/staff`, async (request, reply) => {
    const role = staffOf(request).role;
    if (!staffMay(role, "manage-staff") && !staffMay(role, "assign")) {
      return reply.code(403).send({ error: "forbidden", message: M.notAllowed });
    }
    const staff = await accounts.list();
    const slowed = await throttle.slowedDown(
      staff.map((s) => s.email),
      now(),
    );
    return {
      staff: staff.map((s) => ({
        id: s.id,
        email: s.email,
        name: s.name,
        role: s.role,
        disabled: s.disabled,
        secondFactorSetUp: s.totpConfirmed,
        // Some address must wait before its next try: an administrator may let it try at once.
        locked: slowed.has(s.email),
      })),
    };
  });

  app.post(`${CONSOLE_API}/staff`, async (request, reply) => {
    if (!may(request, reply, "manage-staff")) return reply;
    const body = newStaffBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const password = temporaryPassword();
    const created = await accounts.create({ ...body.data, password }, staffOf(request).id, now());
    if (created === "taken") {
      return reply
        .code(409)
        .send({ error: "taken", errors: [{ field: "email", message: M.emailTaken }] });
    }
    await record(request, "staff.create", null, {
      staffId: created.id,
      email: created.email,
      role: created.role,
    });
    // Shown once, to be handed over; the account sets up its authenticator at the first sign-in.
    return { staff: publicStaff(created), temporaryPassword: password };
  });

  app.post<{ Params: { id: string } }>(
    `${CONSOLE_API}/staff/:id/disabled`,
    async (request, reply) => {
      if (!may(request, reply, "manage-staff")) return reply;
      const body = disabledBody.safeParse(request.body);
      if (!body.success) return invalid(reply, body.error.issues);
      if (request.params.id === staffOf(request).id) {
        return reply.code(409).send({ error: "self", message: M.cannotDisableSelf });
      }
      if (!/^[0-9a-f-]{36}$/.test(request.params.id))
        return reply.code(404).send({ error: "not-found" });
      const changed = await accounts.setDisabled(request.params.id, body.data.disabled, now());
      if (!changed) return reply.code(404).send({ error: "not-found" });
      await record(request, body.data.disabled ? "staff.disable" : "staff.enable", null, {
        staffId: changed.id,
      });
      return { id: changed.id, disabled: changed.disabled };
    },
  );

  // An administrator's help for a member who is slowed down, forgot the password or lost the
  // authenticator (docs/decisions/0063); each is audited.
  type StaffParams = { Params: { id: string } };
  async function otherStaff(request: FastifyRequest<StaffParams>, reply: FastifyReply) {
    if (!may(request, reply, "manage-staff")) return null;
    const found = /^[0-9a-f-]{36}$/.test(request.params.id)
      ? await accounts.find(request.params.id)
      : null;
    if (!found) {
      void reply.code(404).send({ error: "not-found", message: M.staffNotFound });
      return null;
    }
    return found;
  }

  app.post<StaffParams>(`${CONSOLE_API}/staff/:id/unlock`, async (request, reply) => {
    const member = await otherStaff(request, reply);
    if (!member) return reply;
    const addresses = await throttle.clearAccount(member.email);
    await record(request, "staff.unlock", null, { staffId: member.id, addresses });
    return { id: member.id, locked: false };
  });

  app.post<StaffParams>(`${CONSOLE_API}/staff/:id/password`, async (request, reply) => {
    const member = await otherStaff(request, reply);
    if (!member) return reply;
    if (member.id === staffOf(request).id) {
      return reply.code(409).send({ error: "self", message: M.cannotResetSelf });
    }
    // Shown once to the administrator, handed over like a new account's; sessions end.
    const password = temporaryPassword();
    await accounts.resetPassword(member.id, password);
    await throttle.clearAccount(member.email);
    await record(request, "staff.password-reset", null, { staffId: member.id });
    return { id: member.id, temporaryPassword: password };
  });

  app.post<StaffParams>(`${CONSOLE_API}/staff/:id/second-factor`, async (request, reply) => {
    const member = await otherStaff(request, reply);
    if (!member) return reply;
    if (member.id === staffOf(request).id) {
      return reply.code(409).send({ error: "self", message: M.cannotResetSelf });
    }
    await accounts.resetSecondFactor(member.id);
    await record(request, "staff.second-factor-reset", null, { staffId: member.id });
    return { id: member.id, secondFactorSetUp: false };
  });

  app.get<{ Querystring: { claim?: string; before?: string } }>(
    `${CONSOLE_API}/audit`,
    async (request, reply) => {
      if (!may(request, reply, "read-audit-log")) return reply;
      const query = auditQuery.safeParse(request.query);
      if (!query.success) return invalid(reply, query.error.issues);
      const typed = query.data.claim?.trim() || null;
      // The reference as staff type it ("kl-7kq4 m9xp"), in its issued form.
      const claim = typed === null ? null : readWebReference(typed);
      if (typed !== null && claim === null) {
        return reply.code(400).send({
          error: "invalid-request",
          errors: [{ field: "claim", message: ROUTE_INPUT_MESSAGES.badReference }],
        });
      }
      const rows = await readAuditLog(db, {
        webReferenceNumber: claim,
        before: query.data.before ?? null,
        limit: 100,
      });
      await record(request, "audit.read", claim);
      return {
        entries: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        nextBefore: rows.length === 100 ? (rows.at(-1)?.seq ?? null) : null,
      };
    },
  );

  // ── The queue ────────────────────────────────────────────────────────────────────────────────

  type QueueParams = {
    status?: string;
    type?: string;
    assigned?: string;
    q?: string;
    page?: string;
  };

  function queueQuery(
    request: FastifyRequest<{ Querystring: QueueParams }>,
    limit: number,
    page: number,
  ): QueueQuery {
    const staff = staffOf(request);
    const { status, type, assigned, q } = request.query;
    return {
      status: isClaimStatus(status) ? status : null,
      claimType: type === "Death" || type === "Living" ? type : null,
      assigned:
        assigned === "mine"
          ? staff.id
          : assigned === "unassigned"
            ? "unassigned"
            : assigned && /^[0-9a-f-]{36}$/.test(assigned)
              ? assigned
              : null,
      visibleTo: staffMay(staff.role, "see-team") ? null : staff.id,
      search: q?.slice(0, 100) ?? null,
      offset: (page - 1) * limit,
      limit,
    };
  }

  async function withClocks(rows: QueueRow[]) {
    const changes = await statusChangesOf(
      db,
      rows.map((row) => row.claimId),
    );
    return rows.map((row) => ({
      row,
      clocks: claimClocks({
        claimType: row.claimType,
        changes: changes.get(row.claimId) ?? [],
        now: now(),
        serviceLevelDays: options.serviceLevelDays[row.claimType],
      }),
    }));
  }

  app.get<{ Querystring: QueueParams }>(`${CONSOLE_API}/claims`, async (request, reply) => {
    const query = queueParams.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error.issues);
    const page = Math.max(1, Math.min(10_000, Number.parseInt(request.query.page ?? "1", 10) || 1));
    const { rows, total } = await readQueue(db, queueQuery(request, PAGE_SIZE, page));
    const claims = await withClocks(rows);
    // Who listed which claims is audited like who opened one (decision 0064).
    await record(request, "claims.list", null, { count: rows.length, page, filters: query.data });
    return {
      total,
      page,
      pageSize: PAGE_SIZE,
      // Staff read the insurer's own names: two statuses share one claimant label (decision 0071).
      statuses: CLAIM_STATUSES.map((status) => ({ status, label: claimStatusName(status) })),
      claims: claims.map(({ row, clocks }) => ({
        webReferenceNumber: row.webReferenceNumber,
        status: row.status,
        statusLabel: claimStatusName(row.status),
        claimType: row.claimType,
        causeOfLoss: row.causeOfLoss,
        insuredName: row.insuredName,
        submittedAt: row.submittedAt.toISOString(),
        assignedTo: row.assignedTo,
        assigneeName: row.assigneeName,
        clocks,
      })),
    };
  });

  app.get<{ Querystring: QueueParams }>(`${CONSOLE_API}/claims.csv`, async (request, reply) => {
    const query = queueParams.safeParse(request.query);
    if (!query.success) return invalid(reply, query.error.issues);
    const { rows } = await readQueue(db, queueQuery(request, CSV_LIMIT, 1));
    const claims = await withClocks(rows);
    await record(request, "claims.export", null, { count: rows.length, filters: request.query });
    const lines = claims.map(({ row, clocks }) => [
      row.webReferenceNumber,
      claimStatusName(row.status),
      row.claimType,
      row.causeOfLoss,
      row.insuredName,
      row.submittedAt.toISOString().slice(0, 10),
      clocks.daysOpen,
      clocks.daysWaitingOnClaimant,
      clocks.deathClaimDaysLeft,
      clocks.serviceLevelDaysLeft,
      row.assigneeName,
    ]);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="claims-${now().toISOString().slice(0, 10)}.csv"`,
      )
      .send(csvText([QUEUE_CSV_HEADINGS, ...lines]));
  });

  // ── One claim ────────────────────────────────────────────────────────────────────────────────

  type Ref = { Params: { ref: string } };

  app.get<Ref>(`${CONSOLE_API}/claims/:ref`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const read = await lifecycle.readClaim(claim.webReferenceNumber);
    if (!read) return reply.code(404).send({ error: "not-found", message: M.notFound });
    const [notes, staff, declarations, requestFiles] = await Promise.all([
      listNotes(db, claim.claimId),
      accounts.list(),
      declarationsOf(db, claim.claimId),
      sentRequestFiles(db, claim.claimId, read.requirements),
    ]);
    await record(request, "claim.view", claim.webReferenceNumber);
    const nameOf = (id: string | null) => staff.find((s) => s.id === id)?.name ?? null;
    const role = staffOf(request).role;
    return {
      webReferenceNumber: claim.webReferenceNumber,
      status: claim.status,
      statusLabel: claimStatusName(claim.status),
      claimType: claim.claimType,
      companyName: claim.companyName,
      submittedAt: claim.submittedAt.toISOString(),
      assignedTo: claim.assignedTo,
      assigneeName: nameOf(claim.assignedTo),
      decision: claim.decision,
      policyNumber: claim.policyNumber,
      matchCode: claim.matchCode,
      // The payload as the claimant filled it, labelled, the payout account masked (section 9).
      details: claimDetailSections(claim.payload, declarations),
      // Reopening a closed claim is a supervisor's call.
      allowedNextStatuses: (claim.status !== CLOSED_INCOMPLETE || staffMay(role, "reopen")
        ? read.allowedNextStatuses
        : []
      ).map((status) => ({ status, label: claimStatusName(status) })),
      // Filed with the claim, each named after its document and beneficiary; files sent for a
      // request are listed with it.
      documents: filedDocuments(read.documents, claim.payload),
      requirements: read.requirements.map((item) => ({
        ...item,
        name: requestName(item),
        documents: requestFiles.get(item.id) ?? [],
        askedAt: item.askedAt.toISOString(),
        receivedAt: item.receivedAt?.toISOString() ?? null,
        decidedAt: item.decidedAt?.toISOString() ?? null,
      })),
      events: read.events.map((event) => ({ ...event, at: event.at.toISOString() })),
      notes: notes.map((note) => ({ ...note, at: note.at.toISOString() })),
      clocks: read.clocks,
    };
  });

  /** The name the claim view gives a file; its stored name when the view does not list it. */
  async function consoleFileName(
    claim: { claimId: string; webReferenceNumber: string; payload: Record<string, unknown> },
    documentId: string,
    storedName: string,
  ): Promise<string> {
    const read = await lifecycle.readClaim(claim.webReferenceNumber);
    if (!read) return storedName;
    const sent = await sentRequestFiles(db, claim.claimId, read.requirements);
    const named = [...filedDocuments(read.documents, claim.payload), ...[...sent.values()].flat()];
    return named.find((file) => file.id === documentId)?.displayName ?? storedName;
  }

  app.get<{ Params: { ref: string; id: string }; Querystring: { download?: string } }>(
    `${CONSOLE_API}/claims/:ref/documents/:id`,
    async (request, reply) => {
      const claim = await claimFor(request, reply, request.params.ref);
      if (!claim) return reply;
      const document = await lifecycle.findDocument(claim.webReferenceNumber, request.params.id);
      if (!document)
        return reply.code(404).send({ error: "not-found", message: M.documentNotFound });
      const download = request.query.download === "1";
      await record(
        request,
        download ? "claim.document.download" : "claim.document.view",
        claim.webReferenceNumber,
        {
          documentId: document.id,
          slot: document.slotKey,
        },
      );
      const bytes = await options.documentStore.get(document.storageKey);
      // Downloaded under the name the console shows: what the document is, not the phone's name.
      const name = (await consoleFileName(claim, document.id, document.name)).replace(
        /[^\w.() -]/g,
        "_",
      );
      // The console draws the pages itself; opened directly, the file is sandboxed: a PDF's own
      // scripts never run with the console's origin.
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `${download ? "attachment" : "inline"}; filename="${name}"`)
        .header("content-security-policy", "sandbox; default-src 'none'; frame-ancestors 'none'")
        .send(Buffer.from(bytes));
    },
  );

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/status`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = statusChangeBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    if (claim.status === CLOSED_INCOMPLETE && !may(request, reply, "reopen")) return reply;
    const result = await lifecycle.changeStatus(
      claim.webReferenceNumber,
      {
        status: body.data.status,
        reason: body.data.reason ?? null,
        decision: body.data.decision ?? null,
      },
      actorOf(request),
    );
    if ("refused" in result) return refusal(reply, result);
    await record(request, "claim.status", claim.webReferenceNumber, {
      from: claim.status,
      to: result.status,
    });
    return result;
  });

  // What a status change would tell the claimant, and to whom, before it is made (decision 0067).
  app.post<Ref>(`${CONSOLE_API}/claims/:ref/status/preview`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = statusChangeBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const preview = await lifecycle.previewStatusChange(claim.webReferenceNumber, {
      status: body.data.status,
      decision: body.data.decision ?? null,
    });
    if (!preview) {
      return reply.code(400).send({
        error: "invalid-request",
        errors: [{ field: "status", message: ROUTE_INPUT_MESSAGES.unknownStatus }],
      });
    }
    return preview;
  });

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/requirements/preview`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = requirementsBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const dueErrors = dueDateErrors(body.data.requirements, todayInManila(now()));
    if (dueErrors.length > 0) {
      return reply.code(400).send({ error: "invalid-request", errors: dueErrors });
    }
    return lifecycle.previewRequirements(claim.webReferenceNumber, body.data.requirements);
  });

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/requirements`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = requirementsBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const dueErrors = dueDateErrors(body.data.requirements, todayInManila(now()));
    if (dueErrors.length > 0) {
      return reply.code(400).send({ error: "invalid-request", errors: dueErrors });
    }
    const result = await lifecycle.askForRequirements(
      claim.webReferenceNumber,
      body.data.requirements,
      actorOf(request),
    );
    if ("refused" in result) return refusal(reply, result);
    await record(request, "claim.requirements", claim.webReferenceNumber, {
      ids: result.requirementIds,
    });
    return result;
  });

  app.post<{ Params: { ref: string; id: string } }>(
    `${CONSOLE_API}/claims/:ref/requirements/:id`,
    async (request, reply) => {
      const claim = await claimFor(request, reply, request.params.ref);
      if (!claim) return reply;
      const body = decideBody.safeParse(request.body);
      if (!body.success) return invalid(reply, body.error.issues);
      const result = await lifecycle.decideRequirement(
        claim.webReferenceNumber,
        request.params.id,
        body.data,
        actorOf(request),
      );
      if ("refused" in result) return refusal(reply, result);
      await record(
        request,
        body.data.accept ? "claim.requirement.accept" : "claim.requirement.reject",
        claim.webReferenceNumber,
        {
          id: request.params.id,
        },
      );
      return result;
    },
  );

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/policy-match`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = policyMatchBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const result = await lifecycle.setPolicyMatch(
      claim.webReferenceNumber,
      body.data,
      actorOf(request),
    );
    if ("refused" in result) return refusal(reply, result);
    await record(request, "claim.policy-match", claim.webReferenceNumber, {
      matchCode: result.matchCode,
    });
    return result;
  });

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/assignment`, async (request, reply) => {
    if (!may(request, reply, "assign")) return reply;
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = assignmentBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    const to = body.data.staffId ? await accounts.find(body.data.staffId) : null;
    if (body.data.staffId && (!to || to.disabled)) {
      return reply
        .code(400)
        .send({ error: "invalid-request", errors: [{ field: "staffId", message: M.notExaminer }] });
    }
    await db.transaction((tx) => assignClaim(tx, claim, to?.id ?? null, actorOf(request), now()));
    await record(request, "claim.assign", claim.webReferenceNumber, {
      from: claim.assignedTo,
      to: to?.id ?? null,
    });
    return { assignedTo: to?.id ?? null, assigneeName: to?.name ?? null };
  });

  app.post<Ref>(`${CONSOLE_API}/claims/:ref/notes`, async (request, reply) => {
    const claim = await claimFor(request, reply, request.params.ref);
    if (!claim) return reply;
    const body = noteBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error.issues);
    await addNote(db, claim.claimId, staffOf(request).id, body.data.body, now());
    await record(request, "claim.note", claim.webReferenceNumber);
    return {
      notes: (await listNotes(db, claim.claimId)).map((note) => ({
        ...note,
        at: note.at.toISOString(),
      })),
    };
  });
}
