import type * as z from "zod/mini";
import {
  assignmentAnswer,
  auditAnswer,
  claimViewAnswer,
  companiesAnswer,
  disabledAnswer,
  messagePreviewAnswer,
  newStaffAnswer,
  notesAnswer,
  passwordChangedAnswer,
  passwordResetAnswer,
  passwordStepAnswer,
  policyMatchAnswer,
  queueAnswer,
  requirementsAnswer,
  savedCompanyAnswer,
  secondFactorResetAnswer,
  sessionAnswer,
  signedOutAnswer,
  staffListAnswer,
  statusAnswer,
  unlockedAnswer,
} from "./console-answers.ts";
import { CONSOLE_CALL_ROUTES, type ConsoleCallRouteName } from "./console-call-routes.ts";
import type { ConsoleCallSpec } from "./console-call-spec.ts";
import {
  assignmentBody,
  auditQuery,
  claimItemParams,
  claimParams,
  companyBody,
  decideBody,
  disabledBody,
  documentQuery,
  emptyBody,
  newStaffBody,
  noteBody,
  ownPasswordBody,
  queueQuery,
  signInBody,
  signInCodeBody,
  staffParams,
} from "./console-requests.ts";
import { CONTENT_CALLS } from "./content-calls.ts";
import { policyMatchBody, requirementsBody, statusChangeBody } from "./lifecycle-requests.ts";
import { NOTICE_CALLS } from "./notice-calls.ts";

// Every call of the claims-staff console, declared once (docs/decisions/0072): its method and path
// under /console/api, what it needs of the caller, what it accepts and answers, how it can refuse,
// and whether a repeat under one Idempotency-Key is done once and whether it writes the audit log.
// The server registers its routes from this table and the console types its calls with it (a
// type-only import: no schema reaches the console's bundle).

export { CONSOLE_API_PREFIX } from "./console-call-routes.ts";
export type * from "./console-call-spec.ts";

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
    ...CONSOLE_CALL_ROUTES.signIn,
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
    ...CONSOLE_CALL_ROUTES.signInCode,
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
    ...CONSOLE_CALL_ROUTES.readSession,
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
    ...CONSOLE_CALL_ROUTES.signOut,
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: null,
    response: signedOutAnswer,
    refusals: [],
    summary: "Ends the session.",
  }),
  changeOwnPassword: call({
    ...signedIn,
    ...CONSOLE_CALL_ROUTES.changeOwnPassword,
    permission: null,
    claim: false,
    params: null,
    query: null,
    body: ownPasswordBody,
    response: passwordChangedAnswer,
    refusals: ["wrong", "too-many-tries"],
    // A replay's stored request hash would be an unsalted hash of both passwords.
    idempotent: false,
    summary:
      "Changes the member's own password, the current one checked as a sign-in's; other sessions end.",
  }),
  listStaff: call({
    ...signedIn,
    ...CONSOLE_CALL_ROUTES.listStaff,
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
    ...CONSOLE_CALL_ROUTES.createStaff,
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
    ...CONSOLE_CALL_ROUTES.setStaffDisabled,
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
    ...CONSOLE_CALL_ROUTES.unlockStaff,
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
    ...CONSOLE_CALL_ROUTES.resetStaffPassword,
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
    ...CONSOLE_CALL_ROUTES.resetStaffSecondFactor,
    permission: ["manage-staff"],
    claim: false,
    params: staffParams,
    query: null,
    body: emptyBody,
    response: secondFactorResetAnswer,
    refusals: [...STAFF_REFUSALS, "self"],
    summary: "Makes another account set up its authenticator again at the next sign-in.",
  }),
  listCompanies: call({
    ...signedIn,
    ...CONSOLE_CALL_ROUTES.listCompanies,
    permission: ["manage-companies"],
    claim: false,
    params: null,
    query: null,
    body: null,
    response: companiesAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    audited: false,
    summary: "The configured companies with their versions, for an administrator to change.",
  }),
  saveCompany: call({
    ...signedIn,
    ...CONSOLE_CALL_ROUTES.saveCompany,
    permission: ["manage-companies"],
    claim: false,
    params: null,
    query: null,
    body: companyBody,
    response: savedCompanyAnswer,
    refusals: ["forbidden", "changed"],
    summary:
      "Adds a company or changes one, once the whole set with it passes; live on every server within the refresh.",
  }),
  readAuditLog: call({
    ...signedIn,
    ...CONSOLE_CALL_ROUTES.readAuditLog,
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
    ...CONSOLE_CALL_ROUTES.listClaims,
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
    ...CONSOLE_CALL_ROUTES.exportClaims,
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
    ...CONSOLE_CALL_ROUTES.readClaim,
    query: null,
    body: null,
    response: claimViewAnswer,
    refusals: CLAIM_REFUSALS,
    idempotent: false,
    summary: "One claim: its details, documents, requests, timeline, notes and clocks.",
  }),
  readDocument: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.readDocument,
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
    ...CONSOLE_CALL_ROUTES.changeStatus,
    query: null,
    body: statusChangeBody,
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
    ...CONSOLE_CALL_ROUTES.previewStatusChange,
    query: null,
    body: statusChangeBody,
    response: messagePreviewAnswer,
    refusals: CLAIM_REFUSALS,
    audited: false,
    summary: "What a status change would tell the claimant, and to whom, before it is made.",
  }),
  previewRequirements: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.previewRequirements,
    query: null,
    body: requirementsBody,
    response: messagePreviewAnswer,
    refusals: CLAIM_REFUSALS,
    audited: false,
    summary: "What asking for these documents would tell the claimant, before asking.",
  }),
  askForRequirements: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.askForRequirements,
    query: null,
    body: requirementsBody,
    response: requirementsAnswer,
    refusals: [...CLAIM_REFUSALS, "not-allowed"],
    summary: "Asks the claimant for documents, each due from the next working day.",
  }),
  decideRequirement: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.decideRequirement,
    params: claimItemParams,
    query: null,
    body: decideBody,
    response: statusAnswer,
    refusals: [...CLAIM_REFUSALS, "requirement-not-found"],
    summary: "Accepts a received document, or rejects it with a reason and asks for it again.",
  }),
  setPolicyMatch: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.setPolicyMatch,
    query: null,
    body: policyMatchBody,
    response: policyMatchAnswer,
    refusals: CLAIM_REFUSALS,
    summary: "Records the policy number and how it matched the insurer's records.",
  }),
  assignClaim: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.assignClaim,
    permission: ["assign"],
    query: null,
    body: assignmentBody,
    response: assignmentAnswer,
    refusals: [...CLAIM_REFUSALS, "forbidden"],
    summary: "Gives the claim to an active staff account, or takes it back (null).",
  }),
  addNote: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.addNote,
    query: null,
    body: noteBody,
    response: notesAnswer,
    refusals: CLAIM_REFUSALS,
    summary: "Adds a note to the claim under the member's name; answers every note.",
  }),
  readNotes: call({
    ...onClaim,
    ...CONSOLE_CALL_ROUTES.readNotes,
    query: null,
    body: null,
    response: notesAnswer,
    refusals: CLAIM_REFUSALS,
    idempotent: false,
    summary: "The claim's notes alone, oldest first: fresh notes without a whole claim view.",
  }),
  ...NOTICE_CALLS,
  ...CONTENT_CALLS,
} as const satisfies Record<ConsoleCallRouteName, ConsoleCallSpec>;

export type ConsoleCalls = typeof CONSOLE_CALLS;
export type ConsoleCallName = keyof ConsoleCalls;

type Schema = z.core.$ZodType;
type Output<S> = S extends Schema ? z.output<S> : undefined;
type Input<S> = S extends Schema ? z.input<S> : undefined;

/** What a handler receives: the path's params, the query and the body as the schemas yield them. */
export type ConsoleCallParts<K extends ConsoleCallName> = {
  params: Output<ConsoleCalls[K]["params"]>;
  query: Output<ConsoleCalls[K]["query"]>;
  body: Output<ConsoleCalls[K]["body"]>;
};

/** A path's and a query's parts go as text, whatever their schema makes of them (kept optional). */
type AsText<T> = { [P in keyof T]: string };

/** What the console sends: only the parts the call has. */
export type ConsoleCallRequest<K extends ConsoleCallName> = {
  [P in "params" | "query" | "body" as ConsoleCalls[K][P] extends null
    ? never
    : P]: P extends "body" ? Input<ConsoleCalls[K][P]> : AsText<Input<ConsoleCalls[K][P]>>;
};

/** The success answer of a call (a file's answer is its bytes). */
export type ConsoleCallAnswer<K extends ConsoleCallName> =
  ConsoleCalls[K]["response"] extends Schema ? z.output<ConsoleCalls[K]["response"]> : ArrayBuffer;
