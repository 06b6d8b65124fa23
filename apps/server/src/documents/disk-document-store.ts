import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import {
  assertStorageKey,
  DocumentNotFoundError,
  type DocumentStore,
  type StoredFile,
} from "./document-store.ts";

// Documents on the local disk, in <dir>/<first two key characters>/<key> so no folder grows past
// a few thousand entries. A write goes to a temporary file beside its target, is flushed to the
// disk, renamed into place and the folder flushed too: after a crash the key holds either nothing
// or all of its bytes, never a part.

const TEMPORARY_PREFIX = ".partial-";

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createDiskDocumentStore(dir: string): DocumentStore {
  const root = path.resolve(dir);
  const folderOf = (key: string) => path.join(root, key.slice(0, 2));
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(folderOf(key), key);
  };

  async function ensureFolder(folder: string): Promise<void> {
    const created = await mkdir(folder, { recursive: true });
    if (created === undefined) return;
    // Each new folder is an entry of its parent: flush every parent up to the first one created.
    for (let child = folder; ; child = path.dirname(child)) {
      const parent = path.dirname(child);
      await syncFolder(parent);
      if (child === created || parent === child) break;
    }
  }

  return {
    async put(key, bytes) {
      const target = fileOf(key);
      const folder = folderOf(key);
      await ensureFolder(folder);
      const temporary = path.join(
        folder,
        `${TEMPORARY_PREFIX}${key}-${randomBytes(4).toString("hex")}`,
      );
      const handle = await open(temporary, "wx", 0o600);
      try {
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw error;
      }
      await syncFolder(folder);
    },

    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if (isMissing(error)) throw new DocumentNotFoundError(`No document stored under ${key}.`);
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await syncFolder(folderOf(key));
    },

    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(): AsyncIterable<StoredFile> {
      for (const folder of await readdirOrEmpty(root)) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdirOrEmpty(path.join(root, folder))) {
          if (name.startsWith(TEMPORARY_PREFIX)) continue;
          try {
            assertStorageKey(name);
          } catch {
            continue;
          }
          const info = await stat(path.join(root, folder, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
        }
      }
    },

    async removeUnfinishedWrites(olderThan) {
      let removed = 0;
      for (const folder of await readdirOrEmpty(root)) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await readdirOrEmpty(path.join(root, folder))) {
          if (!name.startsWith(TEMPORARY_PREFIX)) continue;
          const file = path.join(root, folder, name);
          const info = await stat(file).catch(() => null);
          if (info && info.mtime < olderThan) {
            await unlink(file).catch(() => {});
            removed++;
          }
        }
      }
      return removed;
    },
  };
}

async function readdirOrEmpty(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}
