import type { Clocks } from "../api.ts";

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
  payload: Record<string, unknown>;
  allowedNextStatuses: { status: string; label: string }[];
  documents: {
    id: string;
    slot: string;
    document: { name: string; beneficiaryIndex?: number } | null;
    name: string;
    size: number;
  }[];
  requirements: {
    id: string;
    documentCd: string | null;
    description: string;
    dueDate: string;
    state: string;
    rejectionReason: string | null;
  }[];
  events: {
    kind: string;
    from: string | null;
    to: string | null;
    actor: { kind: string; id: string };
    reason: string | null;
    at: string;
  }[];
  notes: { id: string; author: string; body: string; at: string }[];
  clocks: Clocks;
};
