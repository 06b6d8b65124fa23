import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

// The folder of the uploads' temporary files (decision 0100: a file streams there as it arrives and
// is removed once its call is answered). A server that dies mid-upload leaves its file behind, so
// every server sweeps the folder at start and hourly: a file an hour old is no upload in progress
// (a call is answered within minutes), while a younger one may be another server's (decision 0110).

const HOUR_MS = 3600 * 1000;

/** One folder under the system's temp folder (TMPDIR) for every server of this machine. */
export function uploadTempFolder(): string {
  return path.join(tmpdir(), "kalinga-uploads");
}

/** The folder, made if missing (only its owner may list or enter it). */
export async function readyUploadTempFolder(folder = uploadTempFolder()): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/**
 * Removes the folder's files last written more than `olderThanMs` before `now` and returns how many.
 * Ages are read on the real clock, as the files' times are written by it.
 */
export async function sweepUploadTempFiles(
  folder = uploadTempFolder(),
  { now = new Date(), olderThanMs = HOUR_MS }: { now?: Date; olderThanMs?: number } = {},
): Promise<number> {
  const names = await readdir(folder).catch(() => []);
  const before = now.getTime() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    // A file removed meanwhile (its call answered) is not an error.
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
