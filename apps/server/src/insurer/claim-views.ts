import { claimStatusLabel, policyNumberDisplay } from "@kalinga/domain/claim-status";
import { documentSlotName } from "@kalinga/domain/document-slot-name";
import { INSURER_API_PREFIX } from "@kalinga/domain/insurer-calls";
import { idInput, isInstant } from "@kalinga/domain/route-inputs";
import type { LifecycleService } from "../lifecycle/lifecycle-service.ts";
import type { SubmittedClaim } from "../submission/submitted-claim.ts";

// How a submitted claim reads through the insurer API: as a line of the list, and read whole, each
// document named so a core system files it without the catalogue; and the list's page cursor.

type ClaimRead = NonNullable<Awaited<ReturnType<LifecycleService["readClaim"]>>>;
type Cursor = { updatedAt: Date; claimId: string };

export const encodeCursor = (claim: SubmittedClaim) =>
  Buffer.from(JSON.stringify([claim.updatedAt.toISOString(), claim.claimId])).toString("base64url");

export function decodeCursor(raw: string): Cursor | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown[];
    if (typeof at !== "string" || typeof id !== "string") return null;
    // Decoded from the client: held to the same forms as the query, so the database never sees another.
    if (!isInstant(at) || !idInput.safeParse(id).success) return null;
    return { updatedAt: new Date(at), claimId: id };
  } catch {
    return null;
  }
}

export function claimSummary(claim: SubmittedClaim) {
  const basic = (claim.payload.basicInformation ?? {}) as Record<string, unknown>;
  return {
    webReferenceNumber: claim.webReferenceNumber,
    status: claim.status,
    statusLabel: claimStatusLabel(claim.status),
    claimType: claim.claimType,
    causeOfLoss: typeof basic.causeOfLoss === "string" ? basic.causeOfLoss : "",
    companyName: claim.companyName,
    submittedAt: claim.submittedAt.toISOString(),
    updatedAt: claim.updatedAt.toISOString(),
  };
}

function documentsOf(read: ClaimRead) {
  const { claim } = read;
  const ref = claim.webReferenceNumber;
  return read.documents.map((document) => {
    const named = documentSlotName(document, {
      payload: claim.payload,
      requirements: read.requirements,
    });
    return {
      id: document.id,
      slot: document.slotKey,
      // What the document is and whose, so a core system files it without the catalogue.
      slotName: named.name,
      beneficiary: named.beneficiary,
      requirementId: document.requirementId,
      name: document.name,
      size: document.sizeBytes,
      sha256: document.sha256,
      downloadPath: `${INSURER_API_PREFIX}/claims/${encodeURIComponent(ref)}/documents/${document.id}`,
    };
  });
}

/** One claim read whole: status, decision, payload, documents, requirements, events, clocks. */
export function claimView(read: ClaimRead) {
  const { claim } = read;
  return {
    ...claimSummary(claim),
    allowedNextStatuses: [...read.allowedNextStatuses],
    decision: claim.decision,
    policyNumber: claim.policyNumber,
    matchCode: claim.matchCode,
    policyNumberDisplay:
      claim.matchCode === null ? null : policyNumberDisplay(claim.policyNumber, claim.matchCode),
    payload: claim.payload,
    documents: documentsOf(read),
    requirements: read.requirements.map((item) => ({
      ...item,
      askedAt: item.askedAt.toISOString(),
      receivedAt: item.receivedAt?.toISOString() ?? null,
      decidedAt: item.decidedAt?.toISOString() ?? null,
    })),
    events: read.events.map((event) => ({ ...event, at: event.at.toISOString() })),
    clocks: read.clocks,
  };
}
