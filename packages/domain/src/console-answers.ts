import * as z from "zod/mini";
import { CLAIM_STATUSES, type ClaimClocks, DECISION_OUTCOMES } from "./claim-lifecycle.ts";
import type { DetailSection } from "./claim-payload-view.ts";
import { STAFF_PERMISSIONS, STAFF_ROLES } from "./staff-roles.ts";

// What each console call answers on success, as the console reads it (docs/decisions/0072). The
// server's handlers are typed by these, so an answer and its reader cannot drift apart.

const status = z.enum(CLAIM_STATUSES);
const labelledStatus = z.object({ status, label: z.string() });
const claimType = z.enum(["Death", "Living"]);
/** Written by the domain's claimClocks; the console only shows it. */
const clocks = z.custom<ClaimClocks>();

export const staffMemberAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type StaffMember = z.output<typeof staffMemberAnswer>;

export const sessionAnswer = z.object({ staff: staffMemberAnswer, csrfToken: z.string() });

export const passwordStepAnswer = z.union([
  z.object({ next: z.literal("code"), csrfToken: z.string() }),
  z.object({
    next: z.literal("enrol"),
    csrfToken: z.string(),
    secret: z.string(),
    otpauthUri: z.string(),
    qrSvg: z.string(),
  }),
]);

/** The member's own password is changed; their other sessions ended, this one goes on. */
export const passwordChangedAnswer = z.object({
  changed: z.literal(true),
  otherSessionsEnded: z.number(),
});

export const signedOutAnswer = z.object({ signedOut: z.literal(true) });

export const staffListAnswer = z.object({
  staff: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ROLES),
      disabled: z.boolean(),
      secondFactorSetUp: z.boolean(),
      locked: z.boolean(),
    }),
  ),
});

export const newStaffAnswer = z.object({
  staff: staffMemberAnswer,
  temporaryPassword: z.string(),
});
export const disabledAnswer = z.object({ id: z.string(), disabled: z.boolean() });
export const unlockedAnswer = z.object({ id: z.string(), locked: z.literal(false) });
export const passwordResetAnswer = z.object({ id: z.string(), temporaryPassword: z.string() });
export const secondFactorResetAnswer = z.object({
  id: z.string(),
  secondFactorSetUp: z.literal(false),
});

const auditEntry = z.object({
  seq: z.number(),
  at: z.string(),
  staffEmail: z.nullable(z.string()),
  integrationKey: z.nullable(z.string()),
  action: z.string(),
  webReferenceNumber: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});
export const auditAnswer = z.object({
  entries: z.array(auditEntry),
  nextBefore: z.nullable(z.number()),
});

export const companiesAnswer = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      version: z.number(),
      updatedAt: z.string(),
      updatedBy: z.string(),
      config: z.record(z.string(), z.unknown()),
    }),
  ),
});
export const savedCompanyAnswer = z.object({ id: z.string(), version: z.number() });

export const queueAnswer = z.object({
  total: z.number(),
  /** True when the claims were counted only up to `total` (10,000; a search, 200). */
  totalIsAtLeast: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  statuses: z.array(labelledStatus),
  claims: z.array(
    z.object({
      webReferenceNumber: z.string(),
      status,
      statusLabel: z.string(),
      claimType,
      causeOfLoss: z.string(),
      insuredName: z.string(),
      submittedAt: z.string(),
      assignedTo: z.nullable(z.string()),
      assigneeName: z.nullable(z.string()),
      clocks,
    }),
  ),
});

const claimFile = z.object({ id: z.string(), displayName: z.string(), size: z.number() });
export type ClaimFile = z.output<typeof claimFile>;
const note = z.object({ id: z.string(), author: z.string(), body: z.string(), at: z.string() });

export const claimViewAnswer = z.object({
  webReferenceNumber: z.string(),
  status,
  statusLabel: z.string(),
  claimType,
  companyName: z.string(),
  /** The language the claim was filed in, as a locale ("en", "fil"): its messages go out in it. */
  locale: z.string(),
  submittedAt: z.string(),
  assignedTo: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
  decision: z.nullable(
    z.object({
      outcome: z.enum(DECISION_OUTCOMES),
      reasonCode: z.string(),
      reason: z.optional(z.nullable(z.string())),
    }),
  ),
  policyNumber: z.nullable(z.string()),
  matchCode: z.nullable(z.number()),
  /** The claim as the claimant filled it, in sections, labelled, the payout account masked. */
  details: z.custom<DetailSection[]>(),
  allowedNextStatuses: z.array(labelledStatus),
  /** Filed with the claim; files sent for a request are with the request. */
  documents: z.array(
    z.extend(claimFile, {
      slot: z.string(),
      title: z.nullable(z.string()),
      beneficiary: z.nullable(z.object({ no: z.number(), name: z.string() })),
    }),
  ),
  requirements: z.array(
    z.object({
      id: z.string(),
      documentCd: z.nullable(z.string()),
      /** What is asked for, in a few words: the catalogue's name or the examiner's own words. */
      name: z.string(),
      description: z.string(),
      dueDate: z.string(),
      state: z.string(),
      rejectionReason: z.nullable(z.string()),
      /** The files the claimant sent for it. */
      documents: z.array(claimFile),
    }),
  ),
  events: z.array(
    z.object({
      kind: z.string(),
      from: z.nullable(z.string()),
      to: z.nullable(z.string()),
      actor: z.object({ kind: z.string(), id: z.string() }),
      reason: z.nullable(z.string()),
      /** For a requested item's event: which item (`id`) and what happened to it (`state`). */
      detail: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
      at: z.string(),
    }),
  ),
  notes: z.array(note),
  clocks,
});
export type ClaimView = z.output<typeof claimViewAnswer>;

export const notesAnswer = z.object({ notes: z.array(note) });

export const messagePreviewAnswer = z.object({
  recipient: z.object({
    role: z.enum(["insured", "beneficiary", "guardian", "filer"]),
    name: z.nullable(z.string()),
    greeting: z.string(),
    mobile: z.nullable(z.string()),
    email: z.nullable(z.string()),
  }),
  sms: z.nullable(z.string()),
  email: z.nullable(z.object({ subject: z.string(), text: z.string() })),
});
export type MessagePreview = z.output<typeof messagePreviewAnswer>;

export const statusAnswer = z.object({ status });
export const requirementsAnswer = z.object({ status, requirementIds: z.array(z.string()) });
export const policyMatchAnswer = z.object({ policyNumber: z.string(), matchCode: z.number() });
export const assignmentAnswer = z.object({
  assignedTo: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
});
