import * as z from "zod/mini";
import type { ApiCallSpec } from "./api-call.ts";
import { CLAIM_STATUSES, DECISION_OUTCOMES } from "./claim-lifecycle.ts";
import { requestedItemFields } from "./claim-tracking.ts";
import {
  claimListQuery,
  MAX_POLICIES_PER_CALL,
  policyMatchBody,
  requirementsBody,
  statusChangeBody,
} from "./lifecycle-requests.ts";
import { policyRecordSchema } from "./policy-record.ts";
import { idInput, webReferenceInput } from "./route-inputs.ts";

// Every call of the insurer integration API (docs/decisions/0052, 0073), declared once: the server
// registers its routes from this table behind the insurer's key, and the OpenAPI document describes
// each from the same schemas.

export const INSURER_API_PREFIX = "/api/insurer";

/** What a call must carry: the insurer's key (`Authorization: Bearer <key>`). */
type InsurerCallCredential = "insurer-key";

export type InsurerCallSpec = ApiCallSpec & {
  credential: InsurerCallCredential;
  /** The success answer's media type when it is not JSON (a stored document). */
  answerType?: "application/pdf";
  /** Up to 1,000 records a call, so a body may be larger than a claim call's. */
  bodyLimit?: number;
  /** The body is checked by the handler, whose single refusal names the whole list. */
  bodyCheckedByHandler?: boolean;
};

const iso = z.string();
const claimStatus = z.enum(CLAIM_STATUSES);

const claimParams = z.object({ webReferenceNumber: webReferenceInput });

/** A claim as listed: what a core system needs to pick it up. */
const insurerClaimSummary = z.object({
  webReferenceNumber: z.string(),
  status: claimStatus,
  statusLabel: z.string(),
  claimType: z.enum(["Death", "Living"]),
  causeOfLoss: z.string(),
  companyName: z.string(),
  submittedAt: iso,
  updatedAt: iso,
});

/** A stored document, named, with the beneficiary it belongs to. */
export const insurerDocument = z.object({
  id: z.string(),
  /** The upload slot's code, or REQ-<item id>. */
  slot: z.string(),
  /** The catalogue's name of its slot, or the description of the item it answers. */
  slotName: z.string(),
  /** Death claims: the beneficiary the document belongs to. */
  beneficiary: z.nullable(z.object({ beneficiaryNo: z.number(), name: z.string() })),
  requirementId: z.nullable(z.string()),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  downloadPath: z.string(),
});

const requirement = z.object({
  ...requestedItemFields,
  askedAt: iso,
  receivedAt: z.nullable(iso),
  decidedAt: z.nullable(iso),
});

const claimEvent = z.object({
  kind: z.string(),
  from: z.optional(z.nullable(z.string())),
  to: z.optional(z.nullable(z.string())),
  reason: z.optional(z.nullable(z.string())),
  detail: z.optional(z.record(z.string(), z.unknown())),
  actor: z.object({ kind: z.string(), id: z.string() }),
  at: iso,
});

const decision = z.object({
  outcome: z.enum(DECISION_OUTCOMES),
  reasonCode: z.string(),
  reason: z.optional(z.nullable(z.string())),
});

const clocks = z.object({
  daysOpen: z.number(),
  daysWaitingOnClaimant: z.number(),
  daysWaitingOnInsurer: z.number(),
  deathClaimDaysLeft: z.nullable(z.number()),
  serviceLevelDaysLeft: z.number(),
});

/** One claim read whole. */
const insurerClaimView = z.extend(insurerClaimSummary, {
  allowedNextStatuses: z.array(claimStatus),
  decision: z.nullable(decision),
  policyNumber: z.nullable(z.string()),
  matchCode: z.nullable(z.number()),
  policyNumberDisplay: z.nullable(z.string()),
  payload: z.record(z.string(), z.unknown()),
  documents: z.array(insurerDocument),
  requirements: z.array(requirement),
  events: z.array(claimEvent),
  clocks,
});

const answered = { webReferenceNumber: z.string() };

export const INSURER_CALLS = {
  listClaims: {
    method: "GET",
    path: `${INSURER_API_PREFIX}/claims`,
    credential: "insurer-key",
    summary: "Submitted claims, newest change first, 50 a page unless limit says",
    query: claimListQuery,
    response: z.object({
      claims: z.array(insurerClaimSummary),
      nextCursor: z.nullable(z.string()),
    }),
    refusals: [],
    idempotent: false,
  },
  readClaim: {
    method: "GET",
    path: `${INSURER_API_PREFIX}/claims/:webReferenceNumber`,
    credential: "insurer-key",
    summary: "One claim: status, decision, payload, documents, requirements, events, clocks",
    description: "Each document named, with the beneficiary it belongs to.",
    params: claimParams,
    response: insurerClaimView,
    refusals: ["not-found"],
    idempotent: false,
  },
  downloadDocument: {
    method: "GET",
    path: `${INSURER_API_PREFIX}/claims/:webReferenceNumber/documents/:id`,
    credential: "insurer-key",
    summary: "A stored document, as an attachment",
    params: z.object({ webReferenceNumber: webReferenceInput, id: idInput }),
    response: z.file(),
    answerType: "application/pdf",
    refusals: ["not-found"],
    idempotent: false,
  },
  changeStatus: {
    method: "POST",
    path: `${INSURER_API_PREFIX}/claims/:webReferenceNumber/status`,
    credential: "insurer-key",
    summary: "Move the claim to another server status",
    params: claimParams,
    body: statusChangeBody,
    response: z.object({ ...answered, status: claimStatus }),
    refusals: [
      "not-found",
      "unknown-status",
      "not-allowed",
      "needs-requirements",
      "needs-decision",
      "requirements-not-overdue",
      "reopen-period-over",
    ],
    idempotent: true,
  },
  askForRequirements: {
    method: "POST",
    path: `${INSURER_API_PREFIX}/claims/:webReferenceNumber/requirements`,
    credential: "insurer-key",
    summary:
      "Ask for every missing item at once, each due from the next working day in Manila; the claim moves to PENDING",
    params: claimParams,
    body: requirementsBody,
    response: z.object({ ...answered, status: claimStatus, requirementIds: z.array(z.string()) }),
    refusals: ["not-found", "not-allowed"],
    idempotent: true,
  },
  importPolicies: {
    method: "POST",
    path: `${INSURER_API_PREFIX}/policies`,
    credential: "insurer-key",
    summary: `Add or update up to ${MAX_POLICIES_PER_CALL.toLocaleString("en")} policy records; the same record again changes nothing`,
    body: z.object({ policies: z.array(policyRecordSchema) }),
    bodyCheckedByHandler: true,
    bodyLimit: 2 * 1024 * 1024,
    response: z.object({
      inserted: z.number(),
      updated: z.number(),
      unchanged: z.number(),
      rejected: z.array(
        z.object({
          row: z.number(),
          errors: z.array(z.object({ field: z.string(), message: z.string() })),
        }),
      ),
    }),
    refusals: [],
    idempotent: true,
  },
  setPolicyMatch: {
    method: "POST",
    path: `${INSURER_API_PREFIX}/claims/:webReferenceNumber/policy-match`,
    credential: "insurer-key",
    summary: "Set the policy number and matchCode of the claim status record",
    params: claimParams,
    body: policyMatchBody,
    response: z.object({ ...answered, policyNumber: z.string(), matchCode: z.number() }),
    refusals: ["not-found"],
    idempotent: true,
  },
} as const satisfies Record<string, InsurerCallSpec>;

export type InsurerCalls = typeof INSURER_CALLS;
export type InsurerCallName = keyof InsurerCalls;
