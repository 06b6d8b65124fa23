import {
  DocumentIntegrityError,
  DocumentKeyMissingError,
  type DocumentKeyRing,
  rewrap,
} from "./document-envelope.ts";
import { DocumentNotFoundError, type DocumentStore } from "./document-store.ts";

// Every stored object brought under the current document key: a data key wrapped by an older key
// is wrapped again (the content is not re-encrypted), an object stored in the clear is encrypted.
// Each rewrite is one durable put of the whole object, so a crash leaves either the old object or
// the new one, both readable while the old key is still configured.

export type RotationReport = {
  /** Data keys now wrapped by the current key instead of an older one. */
  rewrapped: number;
  /** Objects that were stored in the clear, encrypted now. */
  encrypted: number;
  /** Objects the current key wrapped already. */
  current: number;
  /** Objects that could not be read: an unknown key id or a failed authentication. */
  failed: { key: string; reason: string }[];
};

export async function rotateDocumentKeys(
  raw: DocumentStore,
  ring: DocumentKeyRing,
): Promise<RotationReport> {
  const report: RotationReport = { rewrapped: 0, encrypted: 0, current: 0, failed: [] };
  for await (const { key } of raw.list()) {
    let stored: Uint8Array;
    try {
      stored = await raw.get(key);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) continue; // deleted meanwhile
      throw error;
    }
    let result: ReturnType<typeof rewrap>;
    try {
      result = rewrap(ring, key, stored);
    } catch (error) {
      if (error instanceof DocumentKeyMissingError || error instanceof DocumentIntegrityError) {
        report.failed.push({ key, reason: error.message });
        continue;
      }
      throw error;
    }
    if (result.outcome === "current") {
      report.current++;
      continue;
    }
    await raw.put(key, result.stored);
    report[result.outcome]++;
  }
  return report;
}
