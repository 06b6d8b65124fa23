import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { unzipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { createDiskDocumentStore } from "../src/documents/disk-document-store.ts";
import { filedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// A data subject's export as a ZIP (decision 0111): the JSON and every stored document of every
// claim, decrypted through the document store, under safe names; audited with the count of files.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const administrator = () =>
  signedInStaff(server.app, server.db, server.clock, {
    email: "ana.reyes@kalinga-life.example",
    role: "administrator",
  });

type ExportedDocument = { id: string; sha256: string; sizeBytes: number; file: string | null };
type ExportJson = {
  exportedAt: string;
  claims: { webReferenceNumber: string; documents: ExportedDocument[] }[];
  missingFiles?: string[];
};

function unzipped(response: LightMyRequestResponse) {
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const json = files["data-subject.json"];
  if (!json) throw new Error(`no JSON in ${Object.keys(files).join(", ")}`);
  return { files, json: JSON.parse(new TextDecoder().decode(json)) as ExportJson };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function storedRows() {
  const { rows } = await server.db.query<{ id: string; storage_key: string }>(
    "SELECT id, storage_key FROM claim_documents WHERE status = 'stored' ORDER BY seq",
  );
  return rows;
}

describe("a data subject's export", () => {
  test("is a ZIP of the JSON and each claim's documents as stored, decrypted, under safe names", async () => {
    const first = (await filedClaim(server.app, { filename: "../../x:y*?.jpg" }))
      .webReferenceNumber;
    server.clock.advance(60);
    const second = (await filedClaim(server.app)).webReferenceNumber;
    const admin = await administrator();

    const response = await admin.call("GET", "/data-subjects/export?mobile=09171234567");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="data-subject-${server.clock.now().toISOString().slice(0, 10)}.zip"`,
    );
    const { files, json } = unzipped(response);
    expect(json.claims.map((claim) => claim.webReferenceNumber)).toEqual([first, second]);
    const documents = json.claims.flatMap((claim) => claim.documents);
    const rows = await storedRows();
    expect(documents).toHaveLength(rows.length);
    expect(Object.keys(files)).toHaveLength(rows.length + 1);
    for (const name of Object.keys(files)) {
      expect(name).toMatch(/^(data-subject\.json|[\w-]+\/\d\d-[\w() .-]+\.pdf)$/);
      expect(name).not.toContain("..");
    }
    for (const document of documents) {
      const bytes = files[document.file ?? ""];
      expect(bytes, document.file ?? "no file").toBeDefined();
      // The bytes the claimant's file became, not the sealed copy the store keeps on disk.
      expect(sha256(bytes as Uint8Array)).toBe(document.sha256);
      expect(bytes?.length).toBe(document.sizeBytes);
      expect(new TextDecoder().decode(bytes?.subarray(0, 5))).toBe("%PDF-");
      const key = rows.find((row) => row.id === document.id)?.storage_key ?? "";
      const sealed = await readFile(path.join(server.documentsDir, key.slice(0, 2), key));
      expect(sha256(sealed)).not.toBe(document.sha256);
    }
    expect(json.missingFiles).toBeUndefined();

    const { rows: audited } = await server.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM staff_audit_log WHERE action = 'subject.export'",
    );
    expect(audited).toEqual([{ detail: { references: [first, second], files: rows.length } }]);
  });

  test("names a file the store no longer has instead of failing, and 404s with no ZIP for nobody", async () => {
    await filedClaim(server.app);
    const [lost, ...kept] = await storedRows();
    await createDiskDocumentStore(server.documentsDir).delete(lost?.storage_key ?? "");
    const admin = await administrator();

    const response = await admin.call("GET", "/data-subjects/export?mobile=9171234567");
    expect(response.statusCode).toBe(200);
    const { files, json } = unzipped(response);
    const lostFile = json.claims[0]?.documents.find((document) => document.id === lost?.id)?.file;
    expect(json.missingFiles).toEqual([lostFile]);
    expect(files[lostFile ?? ""]).toBeUndefined();
    expect(Object.keys(files)).toHaveLength(kept.length + 1);

    const nobody = await admin.call("GET", "/data-subjects/export?mobile=9990000000");
    expect(nobody.statusCode).toBe(404);
    expect(nobody.headers["content-type"]).toContain("application/json");
  });
});
