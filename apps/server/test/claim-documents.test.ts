import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { IDEMPOTENCY_LEASE_MS } from "@kalinga/domain/constants";
import { beforeEach, describe, expect, test } from "vitest";
import { beginIdempotentRequest, idempotencyRequestHash } from "../src/http/idempotency-keys.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { pngBomb } from "./fixtures/images.ts";
import { textPdf } from "./fixtures/pdf-files.ts";
import { multipartBody, samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  API_KEY,
  basicInformation,
  callClaim,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

const ID_FRONT = "LIDC001-VIF-MIN";
const PHYSICIAN = "LMED001-APS-MIN";
const MB = 1024 * 1024;

const server = useServerTest({ documentsDir: true, env: { DOCUMENT_MAX_FILE_MB: "1" } });
let claim: StartedClaim;

const jpeg = (colour = "#336699") => samplePhoto(colour);

async function storedFiles(): Promise<string[]> {
  const folders = await readdir(server.documentsDir).catch(() => []);
  const files: string[] = [];
  for (const folder of folders)
    files.push(...(await readdir(path.join(server.documentsDir, folder))));
  return files;
}

async function storedRows(): Promise<{ slot_key: string; status: string; display_name: string }[]> {
  const { rows } = await server.db.query<{
    slot_key: string;
    status: string;
    display_name: string;
  }>("SELECT slot_key, status, display_name FROM claim_documents ORDER BY seq");
  return rows;
}

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("uploadDocument", () => {
  test("stores a JPEG photo and a PDF as PDFs and names them after the files sent", async () => {
    const photo = await uploadDocument(server.app, claim, {
      slotKey: ID_FRONT,
      bytes: await jpeg(),
      filename: "ID front.jpg",
    });
    expect(photo.statusCode).toBe(200);
    const body = photo.json() as { returnCode: string; document: Record<string, unknown> };
    expect(body.returnCode).toBe("0");
    expect(body.document).toMatchObject({ slotKey: ID_FRONT, name: "ID front.pdf" });
    expect(body.document.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.document.sizeText).toMatch(/^\d+ KB$/);

    const pdf = await textPdf(1);
    const statement = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: pdf,
      filename: "statement.pdf",
    });
    expect(statement.statusCode).toBe(200);
    expect(statement.json()).toMatchObject({
      document: { slotKey: PHYSICIAN, name: "statement.pdf", sizeBytes: pdf.byteLength },
    });
    expect(await storedFiles()).toHaveLength(2);

    const list = await callClaim(
      server.app,
      "listDocuments",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber },
      { token: claim.token },
    );
    expect(list.statusCode).toBe(200);
    const documents = (list.json() as { documents: { name: string }[] }).documents;
    expect(documents.map((document) => document.name)).toEqual(["ID front.pdf", "statement.pdf"]);
  });

  test("a text file named .jpg is refused by its content", async () => {
    const response = await uploadDocument(server.app, claim, {
      slotKey: ID_FRONT,
      bytes: Buffer.from("this is only text, whatever its name says"),
      filename: "photo.jpg",
    });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual({
      returnCode: "10",
      refused: "type",
      message: DOCUMENT_MESSAGES.type,
    });
    expect(await storedRows()).toEqual([]);
  });

  test("a file over the size limit is refused with 413 and the claimant's message", async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(MB + 10)]);
    const response = await uploadDocument(server.app, claim, { slotKey: PHYSICIAN, bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      returnCode: "10",
      refused: "too-large",
      message: DOCUMENT_MESSAGES.tooLarge(MB),
    });
    expect(await storedRows()).toEqual([]);
  });

  test("a decompression bomb is refused before decoding", async () => {
    const response = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: pngBomb(),
      filename: "scan.png",
    });
    expect(response.statusCode).toBe(417);
    expect(response.json()).toMatchObject({ returnCode: "10", refused: "too-many-pixels" });
    expect(await storedRows()).toEqual([]);
  });

  test("a path-traversal file name becomes a plain name and never a path", async () => {
    const response = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: await jpeg(),
      filename: "../../../etc/passwd.jpg",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ document: { name: "passwd.pdf" } });
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  test("a token of claim A cannot upload to claim B; nothing is stored", async () => {
    const other = await verifiedClaim(server.app);
    const response = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: await jpeg(),
      webReferenceNumber: other.webReferenceNumber,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ returnCode: "403" });
    expect(await storedRows()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  test("a token that has not passed the OTP cannot upload", async () => {
    const unverified = await startClaim(server.app);
    const response = await uploadDocument(server.app, unverified, {
      slotKey: PHYSICIAN,
      bytes: await jpeg(),
    });
    expect(response.statusCode).toBe(403);
    expect(await storedRows()).toEqual([]);
  });

  test("no token or no api key is 401", async () => {
    const { payload, contentType } = multipartBody(
      { webReferenceNumber: claim.webReferenceNumber, slotKey: PHYSICIAN },
      { name: "file", filename: "a.jpg", bytes: await jpeg() },
    );
    const noToken = await server.app.inject({
      method: "POST",
      url: "/api/claims/uploadDocument",
      headers: { "content-type": contentType, "x-api-key": API_KEY },
      payload,
    });
    expect(noToken.statusCode).toBe(401);
    const noKey = await server.app.inject({
      method: "POST",
      url: "/api/claims/uploadDocument",
      headers: { "content-type": contentType, authorization: `Bearer ${claim.token}` },
      payload,
    });
    expect(noKey.statusCode).toBe(401);
  });

  test.each([
    ["not a key", "../../etc"],
    ["an unknown document", "LXXX001-ZZZ-MIN"],
    ["a beneficiary index past the last", "DIDC001-VIF11-MAJ"],
    ["a death key without its index", "DIDC001-VIF-MAJ"],
  ])("a malformed slot key (%s) is 400", async (_name, slotKey) => {
    const response = await uploadDocument(server.app, claim, { slotKey, bytes: await jpeg() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: "slotKey" }] });
    expect(await storedRows()).toEqual([]);
  });

  test("a per-beneficiary slot with its index is accepted", async () => {
    const response = await uploadDocument(server.app, claim, {
      slotKey: "DIDC001-VIF2-MAJ",
      bytes: await jpeg(),
    });
    expect(response.statusCode).toBe(200);
  });

  test("the valid-ID slot takes one file: a second is refused, unless it replaces the first", async () => {
    const first = await uploadDocument(server.app, claim, {
      slotKey: ID_FRONT,
      bytes: await jpeg("#ff0000"),
      filename: "first.jpg",
    });
    expect(first.statusCode).toBe(200);
    const second = await uploadDocument(server.app, claim, {
      slotKey: ID_FRONT,
      bytes: await jpeg("#00ff00"),
      filename: "second.jpg",
    });
    expect(second.statusCode).toBe(417);
    expect(second.json()).toEqual({
      returnCode: "10",
      refused: "slot-full",
      message: DOCUMENT_MESSAGES.slotFull,
    });

    const replaced = await uploadDocument(server.app, claim, {
      slotKey: ID_FRONT,
      bytes: await jpeg("#0000ff"),
      filename: "third.jpg",
      replace: true,
    });
    expect(replaced.statusCode).toBe(200);
    expect(await storedRows()).toEqual([
      { slot_key: ID_FRONT, status: "deleted", display_name: "first.pdf" },
      { slot_key: ID_FRONT, status: "stored", display_name: "third.pdf" },
    ]);
    expect(await storedFiles()).toHaveLength(1);
  });

  test("parallel uploads to the one-file slot store one file", async () => {
    const answers = await Promise.all(
      ["#110000", "#001100", "#000011"].map(async (colour) =>
        uploadDocument(server.app, claim, { slotKey: ID_FRONT, bytes: await jpeg(colour) }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 417)).toHaveLength(2);
    expect((await storedRows()).filter((row) => row.status === "stored")).toHaveLength(1);
  });
});

describe("uploadDocument with an Idempotency-Key", () => {
  test("a retry gets the first answer and stores nothing more", async () => {
    const bytes = await jpeg();
    const options = { slotKey: PHYSICIAN, bytes, idempotencyKey: "upload-1" };
    const first = await uploadDocument(server.app, claim, options);
    const again = await uploadDocument(server.app, claim, options);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await storedRows()).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(1);
  });

  test("the same key with another file is 422", async () => {
    await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: await jpeg("#ff0000"),
      idempotencyKey: "upload-2",
    });
    const other = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: await jpeg("#00ff00"),
      idempotencyKey: "upload-2",
    });
    expect(other.statusCode).toBe(422);
    expect(await storedRows()).toHaveLength(1);
  });

  test("a key whose first request still runs is 409, and is taken over once its server died", async () => {
    const { rows } = await server.db.query<{ id: string }>(
      "SELECT id FROM claims WHERE web_reference_number = $1",
      [claim.webReferenceNumber],
    );
    const bytes = await jpeg();
    // The row the first request of this upload writes before it starts its work.
    await beginIdempotentRequest(server.db, {
      claimId: rows[0]?.id as string,
      key: "upload-3",
      requestHash: idempotencyRequestHash("/uploadDocument", {
        webReferenceNumber: claim.webReferenceNumber,
        slotKey: PHYSICIAN,
        replace: false,
        filename: "photo.jpg",
        sha256: createHash("sha256").update(bytes).digest("hex"),
      }),
      now: server.clock.now(),
    });
    const retry = () =>
      uploadDocument(server.app, claim, { slotKey: PHYSICIAN, bytes, idempotencyKey: "upload-3" });
    expect((await retry()).statusCode).toBe(409);
    expect(await storedRows()).toEqual([]);
    // Its server died: nobody renews the lease, so the same key's retry runs once it is out.
    server.clock.advance(IDEMPOTENCY_LEASE_MS / 1000 - 1);
    expect((await retry()).statusCode).toBe(409);
    server.clock.advance(1);
    const taken = await retry();
    expect(taken.statusCode).toBe(200);
    expect(await storedRows()).toMatchObject([{ slot_key: PHYSICIAN, status: "stored" }]);
    expect((await retry()).json()).toEqual(taken.json());
  });

  test("a refused file frees its key, so the corrected retry runs", async () => {
    const refused = await uploadDocument(server.app, claim, {
      slotKey: PHYSICIAN,
      bytes: Buffer.from("not a picture"),
      idempotencyKey: "upload-4",
    });
    expect(refused.statusCode).toBe(417);
    const { rows } = await server.db.query("SELECT 1 FROM idempotency_keys");
    expect(rows).toEqual([]);
  });
});

describe("deleteDocument", () => {
  async function upload(target: StartedClaim) {
    const response = await uploadDocument(server.app, target, {
      slotKey: PHYSICIAN,
      bytes: await jpeg(),
    });
    return (response.json() as { document: { id: string } }).document.id;
  }
  const remove = (target: StartedClaim, documentId: string) =>
    callClaim(
      server.app,
      "deleteDocument",
      { basicInformation, webReferenceNumber: target.webReferenceNumber, documentId },
      { token: target.token },
    );

  test("removes the claim's document and its bytes", async () => {
    const documentId = await upload(claim);
    const response = await remove(claim, documentId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: "0", documentId });
    expect(await storedRows()).toMatchObject([{ status: "deleted" }]);
    expect(await storedFiles()).toEqual([]);
    const again = await remove(claim, documentId);
    expect(again.statusCode).toBe(417);
    expect(again.json()).toEqual({ returnCode: "11", message: DOCUMENT_MESSAGES.notFound });
  });

  test("another claim's document id answers exactly like a missing one", async () => {
    const other = await verifiedClaim(server.app);
    const othersDocument = await upload(other);
    const response = await remove(claim, othersDocument);
    const missing = await remove(claim, "7d6f0c8e-9a53-4c1e-b0a4-0f5b2a7c9e11");
    expect(response.statusCode).toBe(417);
    expect(response.json()).toEqual(missing.json());
    expect(await storedRows()).toMatchObject([{ status: "stored" }]);
  });
});
