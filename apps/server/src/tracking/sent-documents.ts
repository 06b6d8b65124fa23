import type { SentDocument } from "@kalinga/domain/claim-tracking";
import { requestNameKey } from "@kalinga/domain/document-catalogue";
import { formatFileSize } from "@kalinga/domain/document-files";
import {
  firstAndLastName,
  type SlotNaming,
  slotDocument,
} from "@kalinga/domain/document-slot-name";
import { slotLabel } from "@kalinga/domain/upload-slots";
import type { RequirementDocumentRow } from "../documents/document-repository.ts";
import type { Requirement } from "../lifecycle/lifecycle-repository.ts";

/** The claimant reads the labels of Step 4 and each beneficiary's first and last name. */
const CLAIMANT_NAMING: SlotNaming = {
  words: "step-4",
  beneficiaryName: firstAndLastName,
  unnamed: () => "",
};

/** The slot a requested document is filed under: the request it answers. */
export const requirementSlotKey = (requirementId: string) => `REQ-${requirementId}`;

type FiledDocument = { slotKey: string; name: string; size: number };

/**
 * What the claimant sent, each under what it is (decision 0068): the claim's slots in the order
 * filed, the claim's own before each beneficiary's, then every request no longer open, with the
 * insurer's review and, for one not accepted, the open request that asks for it again.
 */
export function sentDocuments(input: {
  filed: readonly FiledDocument[];
  submittedAt: string;
  requirements: readonly Requirement[];
  requested: readonly RequirementDocumentRow[];
  /** The submitted payload, whose beneficiaryList names each beneficiary's documents. */
  payload: { beneficiaryList?: unknown };
}): SentDocument[] {
  const fileOf = (name: string, size: number) => ({ name, sizeText: formatFileSize(size) });
  const bySlot = new Map<string, SentDocument & { position: number }>();
  for (const document of input.filed) {
    const known = bySlot.get(document.slotKey);
    if (known) {
      known.files.push(fileOf(document.name, document.size));
      continue;
    }
    const slot = slotDocument(document.slotKey, input.payload, CLAIMANT_NAMING);
    const position = slot?.beneficiary?.beneficiaryNo;
    bySlot.set(document.slotKey, {
      title: slot?.name ?? document.name,
      nameKey: slotLabel(document.slotKey)?.nameKey ?? null,
      beneficiary:
        position === undefined ? null : { position, name: slot?.beneficiary?.name ?? "" },
      requirementId: null,
      state: "received",
      rejectionReason: null,
      replacement: null,
      receivedAt: input.submittedAt,
      files: [fileOf(document.name, document.size)],
      position: position ?? 0,
    });
  }
  const filed = [...bySlot.values()]
    .sort((a, b) => a.position - b.position)
    .map(({ position: _, ...document }) => document);
  const requested = input.requirements
    .filter((item) => item.state !== "open")
    .map((item): SentDocument => {
      const again = input.requirements.find(
        (other) => other.replaces === item.id && other.state === "open",
      );
      return {
        title: item.description,
        nameKey: requestNameKey(item),
        beneficiary: null,
        requirementId: item.id,
        state: item.state === "accepted" || item.state === "rejected" ? item.state : "received",
        rejectionReason: item.state === "rejected" ? item.rejectionReason : null,
        replacement:
          item.state === "rejected" && again ? { id: again.id, dueDate: again.dueDate } : null,
        receivedAt: (item.receivedAt ?? item.askedAt).toISOString(),
        files: input.requested
          .filter((document) => document.requirementId === item.id && document.sent)
          .map((document) => fileOf(document.displayName, document.sizeBytes)),
      };
    });
  return [...filed, ...requested];
}
