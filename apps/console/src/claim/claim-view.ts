import type { DetailSection } from "@kalinga/domain/claim-payload-view";
import type { Clocks } from "../api.ts";

/** A stored file as the console lists it, named after what it is. */
export type ClaimFile = { id: string; displayName: string; size: number };

/** The claim as GET /console/api/claims/:reference answers it. */
export type ClaimView = {
  webReferenceNumber: string;
  status: string;
  statusLabel: string;
  claimType: "Death" | "Living";
  companyName: string;
  submittedAt: string;
  assignedTo: string | null;
  assigneeName: string | null;
  decision: { outcome: string; reasonCode: string; reason?: string | null } | null;
  policyNumber: string | null;
  matchCode: number | null;
  /** The claim as the claimant filled it, in sections, labelled, the payout account masked. */
  details: DetailSection[];
  allowedNextStatuses: { status: string; label: string }[];
  /** Filed with the claim; files sent for a request are with the request. */
  documents: (ClaimFile & {
    slot: string;
    title: string | null;
    beneficiary: { no: number; name: string } | null;
  })[];
  requirements: {
    id: string;
    documentCd: string | null;
    /** What is asked for, in a few words: the catalogue's name or the examiner's own words. */
    name: string;
    description: string;
    dueDate: string;
    state: string;
    rejectionReason: string | null;
    /** The files the claimant sent for it. */
    documents: ClaimFile[];
  }[];
  events: {
    kind: string;
    from: string | null;
    to: string | null;
    actor: { kind: string; id: string };
    reason: string | null;
    /** For a requested item's event: which item (`id`) and what happened to it (`state`). */
    detail?: { id?: unknown; state?: unknown } | null;
    at: string;
  }[];
  notes: { id: string; author: string; body: string; at: string }[];
  clocks: Clocks;
};
