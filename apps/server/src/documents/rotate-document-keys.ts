import { loadConfig } from "../config.ts";
import { runCommand } from "../db/database-command.ts";
import { rotateDocumentKeys } from "./document-key-rotation.ts";
import { documentKeyRing, rawDocumentStore } from "./open-document-store.ts";

// Brings every stored document under the key KALINGA_DOCUMENT_KEY_ID names (docs/server/documents.md,
// "Encryption at rest"), with the environment the server runs with:
//   KALINGA_DOCUMENT_KEYS="old:…,new:…" KALINGA_DOCUMENT_KEY_ID=new npm run rotate-document-keys
// Data keys wrapped by older keys are wrapped again, documents stored in the clear are encrypted.
// The server may keep running. Once it reports no failure, the older keys can be removed from
// KALINGA_DOCUMENT_KEYS. The exit code is 1 when any document could not be read.

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error("Usage: npm run rotate-document-keys (settings from the environment)");
    return 2;
  }
  const config = loadConfig();
  const ring = await documentKeyRing(config);
  if (ring === null) {
    console.error(
      "KALINGA_DOCUMENT_ENCRYPTION=store: the store encrypts, there are no keys to rotate.",
    );
    return 2;
  }
  const report = await rotateDocumentKeys(rawDocumentStore(config), ring);
  console.log(
    `Documents under the key "${ring.currentId}": ${report.rewrapped} re-wrapped, ${report.encrypted} encrypted (were stored in the clear), ${report.current} already, ${report.failed.length} unreadable.`,
  );
  for (const { key, reason } of report.failed) console.error(`${key}: ${reason}`);
  return report.failed.length > 0 ? 1 : 0;
}

runCommand(main);
