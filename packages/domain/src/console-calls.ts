import type * as z from "zod/mini";
import type { DecisionOutcome } from "./claim-lifecycle.ts";
import {
  assignmentAnswer,
  auditAnswer,
  claimViewAnswer,
  disabledAnswer,
  messagePreviewAnswer,
  newStaffAnswer,
  notesAnswer,
  passwordResetAnswer,
  passwordStepAnswer,
  policyMatchAnswer,
  queueAnswer,
  requirementsAnswer,
  secondFactorResetAnswer,
  sessionAnswer,
  signedOutAnswer,
  staffListAnswer,
  statusAnswer,
  unlockedAnswer,
} from "./console-answers.ts";
import {
  assignmentBody,
  auditQuery,
  claimItemParams,
  claimParams,
  decideBody,
  disabledBody,
  documentQuery,
  emptyBody,
  newStaffBody,
  noteBody,
  queueQuery,
  signInBody,
  signInCodeBody,
  staffParams,
} from "./console-requests.ts";
import type { StaffPermission } from "./staff-roles.ts";

// Every call of the claims-staff console, declared once (docs/decisions/0072): its method and path
// under /console/api, what it needs of the caller, what it accepts and answers, how it can refuse,
// and whether a repeat under one Idempotency-Key is done once and whether it writes the audit log.
// The server registers its routes from this table and the console types its calls with it (a
// type-only import: no schema reaches the console's bundle).

export const CONSOLE_API_PREFIX = "/console/api";

type Schema = z.core.$ZodType;

/**
 * What a call needs of its caller: nothing (signing in, reading whether one is signed in), the
 * session of a right password still waiting for its code, or a whole staff session.
 */
export type ConsoleCredential = "none" | "password-step" | "staff-session";

/** A body the integration API shares, checked by its schema there: named here, typed by its input. */
export type SharedBody<Input> = {
  shared: "status-change" | "requirements" | "policy-match";
  /** Never read: carries the input's type to the console's call. */
  input?: Input;
};

export type StatusChangeInput = {
  status: string;
  reason?: string | null;
  decision?: { outcome: DecisionOutcome; reasonCode: string; reason?: string | null } | null;
};
export type RequirementsInput = {
  requirements: { documentCd: string | null; description: string; dueDate: string | null }[];
};
export type PolicyMatchInput = { policyNumber: string; matchCode: number };

const shared = <Input>(name: SharedBody<Input>["shared"]): SharedBody<Input> => ({ shared: name });

/** How a call can refuse, besides the refusals every call shares (signed-out, csrf, a bad request). */
export type ConsoleRefusalCode =
  | "forbidden"
  | "not-yours"
  | "not-found"
  | "self"
  | "taken"
  | "wrong"
  | "wrong-code"
  | "disabled"
  | "too-many-tries"
  | "enrolment"
  | "requirement-not-found"
  | "not-allowed"
  | "unknown-status"
  | "needs-requirements"
  | "needs-decision"
  | "requirements-not-overdue"
  | "reopen-period-over";

/** Answers that are not JSON: the queue as CSV, a stored document as PDF. */
export type ConsoleFileAnswer = "csv" | "pdf";

export type ConsoleCallSpec = {
  method: "GET" | "POST";
  /** Fastify style, under CONSOLE_API_PREFIX: "/claims/:ref". */
  path: string;
  credential: ConsoleCredential;
  /** Any one of these lets the member make the call; null: every signed-in member may. */
  permission: readonly StaffPermission[] | null;
  /** The :ref names a claim the member must be allowed to work (404, or 403 when not theirs; audited). */
  claim: boolean;
  params: Schema | null;
  query: Schema | null;
  body: Schema | SharedBody<unknown> | null;
  response: Schema | ConsoleFileAnswer;
  refusals: readonly ConsoleRefusalCode[];
  idempotent: boolean;
  audited: boolean;
  summary: string;
};

const call = <const Spec extends ConsoleCallSpec>(spec: Spec): Spec => spec;

const CLAIM_REFUSALS = ["not-found", "not-yours"] as const;
const STAFF_REFUSALS = ["forbidden", "not-found"] as const;
const signedIn = { credential: "staff-session", idempotent: true, audited: true } as const;
const onClaim = {
  ...signedIn,
  permission: ["work-claims"],
  claim: true,
  params: claimParams,
} as const;

export const CONSOLE_CALLS = {
  signIn: call({
    method: "POST",
    path: "/sign-in",
    credential: "none",
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: signInBody,
    response: passwordStepAnswer,
    refusals: ["wrong", "disabled", "too-many-tries", "enrolment"],
    idempotent: false,
    audited: true,
    summary:
      "Checks the e-mail and password; opens the step that waits for the authenticator code.",
  }),
  signInCode: call({
    method: "POST",
    path: "/sign-in/code",
    credential: "password-step",
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: signInCodeBody,
    response: sessionAnswer,
    refusals: ["wrong-code", "too-many-tries"],
    idempotent: false,
    audited: true,
    summary: "Checks the authenticator code; a right one opens the whole session.",
  }),
  readSession: call({
    method: "GET",
    path: "/session",
    credential: "none",
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: null,
    response: sessionAnswer,
    refusals: [],
    idempotent: false,
    audited: false,
    summary: "Who is signed in, for the console's start.",
  }),
  signOut: call({
    ...signedIn,
    method: "POST",
    path: "/sign-out",
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: null,
    response: signedOutAnswer,
    refusals: [],
    summary: "Ends the session.",
  }),
  listStaff: call({
    ...signedIn,
    method: "GET",
    path: "/staff",
    permission: ["manage-staff", "assign"],
    claim: false,
    params: null,
    query: null,
    body: null,
    response: staffListAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    audited: false,
    summary: "The staff accounts, for managing them or choosing an assignee.",
  }),
  createStaff: call({
    ...signedIn,
    method: "POST",
    path: "/staff",
    permission: ["manage-staff"],
    claim: false,
    params: null,
    query: null,
    body: newStaffBody,
    response: newStaffAnswer,
    refusals: ["forbidden", "taken"],
    summary: "Creates a staff account with a temporary password shown once.",
  }),
  setStaffDisabled: call({
    ...signedIn,
    method: "POST",
    path: "/staff/:id/disabled",
    permission: ["manage-staff"],
    claim: false,
    params: staffParams,
    query: null,
    body: disabledBody,
    response: disabledAnswer,
    refusals: [...STAFF_REFUSALS, "self"],
    summary: "Disables or enables another staff account; disabling ends its sessions.",
  }),
  unlockStaff: call({
    ...signedIn,
    method: "POST",
    path: "/staff/:id/unlock",
    permission: ["manage-staff"],
    claim: false,
    params: staffParams,
    query: null,
    body: emptyBody,
    response: unlockedAnswer,
    refusals: STAFF_REFUSALS,
    summary: "Lets every address try to sign in to the account at once.",
  }),
  resetStaffPassword: call({
    ...signedIn,
    method: "POST",
    path: "/staff/:id/password",
    permission: ["manage-staff"],
    claim: false,
    params: staffParams,
    query: null,
    body: emptyBody,
    response: passwordResetAnswer,
    refusals: [...STAFF_REFUSALS, "self"],
    summary: "Gives another account a new temporary password, shown once; its sessions end.",
  }),
  resetStaffSecondFactor: call({
    ...signedIn,
    method: "POST",
    path: "/staff/:id/second-factor",
    permission: ["manage-staff"],
    claim: false,
    params: staffParams,
    query: null,
    body: emptyBody,
    response: secondFactorResetAnswer,
    refusals: [...STAFF_REFUSALS, "self"],
    summary: "Makes another account set up its authenticator again at the next sign-in.",
  }),
  readAuditLog: call({
    ...signedIn,
    method: "GET",
    path: "/audit",
    permission: ["read-audit-log"],
    claim: false,
    params: null,
    query: auditQuery,
    body: null,
    response: auditAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    summary: "The audit log, newest first, for one claim or all, a hundred rows a page.",
  }),
  listClaims: call({
    ...signedIn,
    method: "GET",
    path: "/claims",
    permission: ["work-claims"],
    claim: false,
    params: null,
    query: queueQuery,
    body: null,
    response: queueAnswer,
    refusals: [],
    idempotent: false,
    summary: "The queue: claims by status, type, assignment and search, with their clocks.",
  }),
  exportClaims: call({
    ...signedIn,
    method: "GET",
    path: "/claims.csv",
    permission: ["work-claims"],
    claim: false,
    params: null,
    query: queueQuery,
    body: null,
    response: "csv",
    refusals: [],
    idempotent: false,
    summary: "The queue's claims as CSV, up to ten thousand.",
  }),
  readClaim: call({
    ...onClaim,
    method: "GET",
    path: "/claims/:ref",
    query: null,
    body: null,
    response: claimViewAnswer,
    refusals: CLAIM_REFUSALS,
    idempotent: false,
    summary: "One claim: its details, documents, requests, timeline, notes and clocks.",
  }),
  readDocument: call({
    ...onClaim,
    method: "GET",
    path: "/claims/:ref/documents/:id",
    params: claimItemParams,
    query: documentQuery,
    body: null,
    response: "pdf",
    refusals: CLAIM_REFUSALS,
    idempotent: false,
    summary: "A stored document of the claim, to view (download=1: to save).",
  }),
  changeStatus: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/status",
    query: null,
    body: shared<StatusChangeInput>("status-change"),
    response: statusAnswer,
    refusals: [
      ...CLAIM_REFUSALS,
      "forbidden",
      "not-allowed",
      "unknown-status",
      "needs-requirements",
      "needs-decision",
      "requirements-not-overdue",
      "reopen-period-over",
    ],
    summary: "Moves the claim to a status the lifecycle allows; reopening is a supervisor's.",
  }),
  previewStatusChange: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/status/preview",
    query: null,
    body: shared<StatusChangeInput>("status-change"),
    response: messagePreviewAnswer,
    refusals: CLAIM_REFUSALS,
    audited: false,
    summary: "What a status change would tell the claimant, and to whom, before it is made.",
  }),
  previewRequirements: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/requirements/preview",
    query: null,
    body: shared<RequirementsInput>("requirements"),
    response: messagePreviewAnswer,
    refusals: CLAIM_REFUSALS,
    audited: false,
    summary: "What asking for these documents would tell the claimant, before asking.",
  }),
  askForRequirements: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/requirements",
    query: null,
    body: shared<RequirementsInput>("requirements"),
    response: requirementsAnswer,
    refusals: [...CLAIM_REFUSALS, "not-allowed"],
    summary: "Asks the claimant for documents, each due from the next working day.",
  }),
  decideRequirement: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/requirements/:id",
    params: claimItemParams,
    query: null,
    body: decideBody,
    response: statusAnswer,
    refusals: [...CLAIM_REFUSALS, "requirement-not-found"],
    summary: "Accepts a received document, or rejects it with a reason and asks for it again.",
  }),
  setPolicyMatch: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/policy-match",
    query: null,
    body: shared<PolicyMatchInput>("policy-match"),
    response: policyMatchAnswer,
    refusals: CLAIM_REFUSALS,
    summary: "Records the policy number and how it matched the insurer's records.",
  }),
  assignClaim: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/assignment",
    permission: ["assign"],
    query: null,
    body: assignmentBody,
    response: assignmentAnswer,
    refusals: [...CLAIM_REFUSALS, "forbidden"],
    summary: "Gives the claim to an active staff account, or takes it back (null).",
  }),
  addNote: call({
    ...onClaim,
    method: "POST",
    path: "/claims/:ref/notes",
    query: null,
    body: noteBody,
    response: notesAnswer,
    refusals: CLAIM_REFUSALS,
    summary: "Adds a note to the claim under the member's name; answers every note.",
  }),
} as const;

export type ConsoleCalls = typeof CONSOLE_CALLS;
export type ConsoleCallName = keyof ConsoleCalls;

type Output<S> = S extends Schema ? z.output<S> : S extends SharedBody<infer I> ? I : undefined;
type Input<S> = S extends Schema ? z.input<S> : S extends SharedBody<infer I> ? I : undefined;

/** What a handler receives: the path's params, the query and the body as the schemas yield them. */
export type ConsoleCallParts<K extends ConsoleCallName> = {
  params: Output<ConsoleCalls[K]["params"]>;
  query: Output<ConsoleCalls[K]["query"]>;
  body: Output<ConsoleCalls[K]["body"]>;
};

/** What the console sends: only the parts the call has. */
export type ConsoleCallRequest<K extends ConsoleCallName> = {
  [P in "params" | "query" | "body" as ConsoleCalls[K][P] extends null ? never : P]: Input<
    ConsoleCalls[K][P]
  >;
};

/** The success answer of a call (a file's answer is its bytes). */
export type ConsoleCallAnswer<K extends ConsoleCallName> =
  ConsoleCalls[K]["response"] extends Schema ? z.output<ConsoleCalls[K]["response"]> : ArrayBuffer;
