import { claimDetailSections } from "@kalinga/domain/claim-payload-view";
import { SAMPLE_CLAIM } from "@kalinga/domain/fixtures/claim-fixtures";
import { deathPayload } from "@kalinga/domain/fixtures/claim-payload-samples";

// The server's answers to the claim screen's calls, in the shape GET /console/api/claims/:reference
// and the session call give them: Jose's death claim, with Josephine and Francisco as beneficiaries.

export const REFERENCE = SAMPLE_CLAIM;

/** The examiner signed in, and the CSRF token the session call hands out. */
export const examiner = {
  id: "staff-ana",
  email: "ana.reyes@insurer.com.ph",
  name: "Ana Reyes",
  role: "examiner",
  permissions: ["read-claims", "change-claims"],
};
export const supervisor = {
  ...examiner,
  id: "staff-ben",
  name: "Ben Cruz",
  role: "supervisor",
  permissions: [...examiner.permissions, "assign"],
};
export const CSRF_TOKEN = "csrf-token-of-the-session";

export const staffList = {
  staff: [
    { id: "staff-ana", name: "Ana Reyes", role: "examiner", disabled: false },
    { id: "staff-old", name: "Old Account", role: "examiner", disabled: true },
  ],
};

const file = (id: string, displayName: string, size: number) => ({ id, displayName, size });

/** A death claim under review: two requests, one waiting and one received, and its timeline. */
export const claimUnderReview = {
  webReferenceNumber: REFERENCE,
  status: "UNDER REVIEW",
  statusLabel: "Under review",
  claimType: "Death" as const,
  companyName: "Kalinga Life",
  locale: "fil",
  submittedAt: "2026-11-20T03:15:00.000Z",
  assignedTo: "staff-ana",
  assigneeName: "Ana Reyes",
  decision: null,
  policyNumber: "1234567890",
  matchCode: 1,
  details: claimDetailSections(deathPayload),
  allowedNextStatuses: [
    { status: "PENDING DUE TO INCOMPLETE REQUIREMENTS", label: "Pending requirements" },
    { status: "WITH CLAIM DECISION", label: "With claim decision" },
  ],
  documents: [
    {
      ...file("doc-1", "Death certificate.pdf", 250_000),
      slot: "DCRT001-DTC-MAJ",
      title: null,
      beneficiary: null,
    },
    {
      ...file("doc-2", "Valid ID (front) - Josephine Bracken.pdf", 3_400_000),
      slot: "DIDC001-VIF1-MAJ",
      title: null,
      beneficiary: { no: 1, name: "Josephine Bracken" },
    },
  ],
  requirements: [
    {
      id: "req-1",
      documentCd: null,
      name: "Police report of the collision",
      description: "Police report of the collision",
      dueDate: "2026-12-04",
      state: "received",
      rejectionReason: null,
      documents: [file("doc-3", "Police report of the collision.pdf", 80_000)],
    },
    {
      id: "req-2",
      documentCd: null,
      name: "Marriage certificate",
      description: "The PSA copy, to show Josephine is the spouse",
      dueDate: "2026-12-11",
      state: "open",
      rejectionReason: null,
      documents: [],
    },
  ],
  events: [
    {
      kind: "status",
      from: "CLAIM APPLICATION SUBMITTED",
      to: "UNDER REVIEW",
      actor: { kind: "staff", id: "ana.reyes@insurer.com.ph" },
      reason: "File opened",
      at: "2026-11-21T01:00:00.000Z",
    },
    {
      kind: "requirement",
      from: null,
      to: null,
      actor: { kind: "claimant", id: "claimant" },
      reason: null,
      detail: { id: "req-1", state: "received" },
      at: "2026-11-22T02:30:00.000Z",
    },
  ],
  notes: [
    {
      id: "note-1",
      author: "Ana Reyes",
      body: "Called the spouse about the marriage certificate.",
      at: "2026-11-21T02:00:00.000Z",
    },
  ],
  clocks: {
    daysOpen: 5,
    daysWaitingOnClaimant: 2,
    daysWaitingOnInsurer: 3,
    deathClaimDaysLeft: 55,
    serviceLevelDaysLeft: 7,
  },
};

/** The messages a change would send: to Josephine, by SMS and e-mail. */
export const previewToJosephine = {
  recipient: {
    role: "beneficiary",
    name: "Josephine Bracken",
    greeting: "Dear Josephine Bracken,",
    mobile: "639181234567",
    email: "josephine@example.com",
  },
  sms: "Kalinga Life: we need more documents for claim KL-7KQ4-M9XP.",
  email: { subject: "Documents needed for your claim", text: "Dear Josephine Bracken, ..." },
};
