import { PassThrough, type Readable } from "node:stream";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { DocumentNotFoundError, type DocumentStore } from "../documents/document-store.ts";

// A data subject's export as a ZIP (decision 0111): each stored document as the store gives it back
// (decrypted), then the JSON, which names any file the store no longer had. Streamed: one document
// is in memory at a time, and the next is read only once the client has taken the bytes before it.

export type ArchivedFile = { path: string; storageKey: string };

/** The JSON's name inside the ZIP. */
const EXPORT_JSON_NAME = "data-subject.json";

/** Resolves once the stream can take more, or is gone (the client left). */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      out.off("drain", settle);
      out.off("close", settle);
      resolve();
    };
    out.on("drain", settle);
    out.on("close", settle);
  });
}

/** Adds one entry and waits until the client has taken its bytes. */
async function addEntry(
  zip: Zip,
  out: PassThrough,
  entry: ZipDeflate | ZipPassThrough,
  bytes: Uint8Array,
) {
  zip.add(entry);
  entry.push(bytes, true);
  await drained(out);
}

export function subjectArchive(
  store: DocumentStore,
  files: readonly ArchivedFile[],
  json: (missing: string[]) => unknown,
  now: Date,
): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else if (!out.destroyed) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const write = async () => {
    const missing: string[] = [];
    for (const file of files) {
      if (out.destroyed) return;
      let bytes: Uint8Array;
      try {
        bytes = await store.get(file.storageKey);
      } catch (error) {
        if (!(error instanceof DocumentNotFoundError)) throw error;
        missing.push(file.path);
        continue;
      }
      // Stored files are PDFs, already compressed: kept as they are.
      const entry = new ZipPassThrough(file.path);
      entry.mtime = now;
      await addEntry(zip, out, entry, bytes);
    }
    const entry = new ZipDeflate(EXPORT_JSON_NAME, { level: 6 });
    entry.mtime = now;
    await addEntry(
      zip,
      out,
      entry,
      new TextEncoder().encode(JSON.stringify(json(missing), null, 2)),
    );
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
