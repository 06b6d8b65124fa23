import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../src/config/config-values.ts";
import { loadDocumentEncryption } from "../src/config/document-key-config.ts";
import { loadConfig } from "../src/config.ts";
import { open, seal } from "../src/documents/document-envelope.ts";
import { documentKeyRing } from "../src/documents/open-document-store.ts";
import { PRODUCTION_ENV } from "./support/test-app.ts";

// The document keys' settings (decision 0099): the key ring, production's refusal to start
// without one, the store that encrypts on its own, and the key kept in the data folder elsewhere.

const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");

describe("loadDocumentEncryption", () => {
  it("reads the keys; the only one wraps new documents, or the one KALINGA_DOCUMENT_KEY_ID names", () => {
    const one = loadDocumentEncryption({ KALINGA_DOCUMENT_KEYS: `a:${key(1)}` }, true);
    expect(one).toEqual({
      by: "application",
      keys: new Map([["a", new Uint8Array(Buffer.alloc(32, 1))]]),
      currentId: "a",
    });
    const two = loadDocumentEncryption(
      { KALINGA_DOCUMENT_KEYS: ` a:${key(1)} , b:${key(2)} `, KALINGA_DOCUMENT_KEY_ID: "b" },
      true,
    );
    expect(
      two.by === "application" && two.keys !== null && [...two.keys.keys(), two.currentId],
    ).toEqual(["a", "b", "b"]);
    expect(loadDocumentEncryption({ KALINGA_DOCUMENT_ENCRYPTION: "store" }, true)).toEqual({
      by: "store",
    });
    expect(loadDocumentEncryption({}, false)).toEqual({ by: "application", keys: null });
  });

  it.each([
    [{}, /KALINGA_DOCUMENT_KEYS is required in production .* or KALINGA_DOCUMENT_ENCRYPTION=store/],
    [{ KALINGA_DOCUMENT_KEYS: key(1) }, /each entry is <id>:<base64 key>/],
    [{ KALINGA_DOCUMENT_KEYS: "a:c2hvcnQ=" }, /the key "a" must be 32 random bytes in base64/],
    [{ KALINGA_DOCUMENT_KEYS: "a:not base64!" }, /the key "a" must be 32 random bytes/],
    [{ KALINGA_DOCUMENT_KEYS: `a:${key(1)},a:${key(2)}` }, /the id "a" is given twice/],
    [
      { KALINGA_DOCUMENT_KEYS: `a:${key(1)},b:${key(2)}` },
      /KALINGA_DOCUMENT_KEY_ID must name the key/,
    ],
    [
      { KALINGA_DOCUMENT_KEYS: `a:${key(1)}`, KALINGA_DOCUMENT_KEY_ID: "b" },
      /KALINGA_DOCUMENT_KEY_ID is "b", which is not an id in KALINGA_DOCUMENT_KEYS \(a\)/,
    ],
    [
      { KALINGA_DOCUMENT_ENCRYPTION: "store", KALINGA_DOCUMENT_KEYS: `a:${key(1)}` },
      /KALINGA_DOCUMENT_ENCRYPTION=store leaves encryption to the store/,
    ],
    [{ KALINGA_DOCUMENT_ENCRYPTION: "disk" }, /must be application or store, got "disk"/],
  ])("refuses %o in production", (env, message) => {
    expect(() => loadDocumentEncryption(env, true)).toThrow(ConfigError);
    expect(() => loadDocumentEncryption(env, true)).toThrow(message);
  });

  it("stops a production start without a key", () => {
    const { KALINGA_DOCUMENT_KEYS: _keys, ...withoutKeys } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutKeys)).toThrow(
      /KALINGA_DOCUMENT_KEYS is required in production/,
    );
    expect(
      loadConfig({ ...withoutKeys, KALINGA_DOCUMENT_ENCRYPTION: "store" }).documentEncryption,
    ).toEqual({
      by: "store",
    });
  });
});

describe("the key kept in the data folder outside production", () => {
  it("is generated once, private to the server's user, and the same after a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kalinga-document-key-"));
    try {
      const config = loadConfig({ NODE_ENV: "development", KALINGA_DATA_DIR: dataDir });
      const first = await documentKeyRing(config);
      const file = path.join(dataDir, "document.key");
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from((await readFile(file, "utf8")).trim(), "base64").length).toBe(32);
      const second = await documentKeyRing(config);
      if (first === null || second === null) throw new Error("Expected a key ring.");
      const sealed = seal(first, "0123456789abcdef0123456789abcdef", Buffer.from("ID photo"));
      const opened = open(second, "0123456789abcdef0123456789abcdef", sealed);
      expect(Buffer.from(opened).toString()).toBe("ID photo");
      // The same object under another storage key is refused: the key is part of what is authenticated.
      expect(() => open(second, "ffffffffffffffffffffffffffffffff", sealed)).toThrow(
        /failed authentication/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
