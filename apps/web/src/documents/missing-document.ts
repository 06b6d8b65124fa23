import type { DocumentFile } from "./use-claim-documents.ts";

// When a mandatory slot says it still needs its document: only once the claimant tried to go on,
// and never while a file is being prepared or sent, or is already there.

/** The slot holds a file or one on its way; a failed file does not count. */
function hasFileOrUpload(files: readonly Pick<DocumentFile, "state">[]): boolean {
  return files.some((file) => file.state !== "failed");
}

export function showsMissingDocument(
  slot: { mandatory: boolean },
  files: readonly Pick<DocumentFile, "state">[],
  askedToGoOn: boolean,
): boolean {
  return askedToGoOn && slot.mandatory && !hasFileOrUpload(files);
}
