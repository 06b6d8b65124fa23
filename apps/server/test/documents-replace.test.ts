import { beforeEach, describe, expect, test } from "vitest";
import { API_MESSAGES } from "../src/http/api-error.ts";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import {
  countStoredFiles,
  multipartBody,
  samplePhoto,
  uploadDocument,
} from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, basicInformation, callClaim, type StartedClaim } from "./support/test-app.ts";

// Replacing the file of a one-file slot (the valid IDs) many times at once, over real HTTP: the
// widget's retries of one replace reuse its Idempotency-Key; other replaces come with their own
// (docs/decisions/0029).

const ID_FRONTS = ["LIDC001-VIF-MIN", "DIDC001-VIF1-MAJ"];
const PARALLEL = 10;

const server = useServerTest({ documentsDir: true });
let claim: StartedClaim;
let baseUrl: string;

type Answer = { status: number; body: { message?: string; document?: { id: string } } };

const jpeg = (colour: string) => samplePhoto(colour);

/** uploadDocument with replace=true, as the widget's XMLHttpRequest sends it. */
async function replaceOverHttp(
  slotKey: string,
  bytes: Uint8Array,
  idempotencyKey: string | null,
): Promise<Answer> {
  const { payload, contentType } = multipartBody(
    { webReferenceNumber: claim.webReferenceNumber, slotKey, replace: "true" },
    { name: "file", filename: "id.jpg", bytes, contentType: "image/jpeg" },
  );
  const headers: Record<string, string> = {
    "content-type": contentType,
    "x-api-key": API_KEY,
    authorization: `Bearer ${claim.token}`,
  };
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  const response = await fetch(`${baseUrl}/api/claims/uploadDocument`, {
    method: "POST",
    headers,
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function storedInSlot(slotKey: string): Promise<string[]> {
  const { rows } = await server.db.query<{ id: string }>(
    "SELECT id FROM claim_documents WHERE slot_key = $1 AND status = 'stored'",
    [slotKey],
  );
  return rows.map((row) => row.id);
}

const filesOnDisk = () => countStoredFiles(server.documentsDir);

async function listed(): Promise<string[]> {
  const response = await callClaim(
    server.app,
    "listDocuments",
    { basicInformation, webReferenceNumber: claim.webReferenceNumber },
    { token: claim.token },
  );
  return (response.json() as { documents: { id: string }[] }).documents.map((d) => d.id);
}

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  if (!address || typeof address === "string") throw new Error("The server has no port.");
  baseUrl = `http://127.0.0.1:${address.port}`;
});

async function slotWithOneFile(slotKey: string): Promise<string> {
  const first = await uploadDocument(server.app, claim, { slotKey, bytes: await jpeg("#ff0000") });
  expect(first.statusCode).toBe(200);
  return (first.json() as { document: { id: string } }).document.id;
}

describe.each(ID_FRONTS)("ten parallel replaces of the one-file slot %s", (slotKey) => {
  test("with a key each: every one is stored in turn and one file is left", async () => {
    const original = await slotWithOneFile(slotKey);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, index) =>
        replaceOverHttp(
          slotKey,
          await jpeg(`#00${String(index).padStart(2, "0")}ff`),
          `k-${index}`,
        ),
      ),
    );
    expect(answers.map((answer) => answer.body.message ?? "")).not.toContain(
      DOCUMENT_MESSAGES.notFound,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    const left = await storedInSlot(slotKey);
    expect(left).toHaveLength(1);
    expect(left[0]).not.toBe(original);
    expect(answers.map((answer) => answer.body.document?.id)).toContain(left[0]);
    expect(await listed()).toEqual(left);
    expect(await filesOnDisk()).toBe(1);
  });

  test("without keys: the same, never 'no longer part of the claim'", async () => {
    await slotWithOneFile(slotKey);
    const bytes = await jpeg("#00ff00");
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => replaceOverHttp(slotKey, bytes, null)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await storedInSlot(slotKey)).toHaveLength(1);
    expect(await filesOnDisk()).toBe(1);
  });

  test("one replace sent ten times under its key (the widget's retries): the first answer or 409, one swap", async () => {
    const original = await slotWithOneFile(slotKey);
    const bytes = await jpeg("#00ff00");
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => replaceOverHttp(slotKey, bytes, "replace-1")),
    );
    const stored = answers.filter((answer) => answer.status === 200);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    for (const answer of stored) expect(answer.body).toEqual(stored[0]?.body);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(answer).toEqual({
        status: 409,
        body: { returnCode: "409", message: API_MESSAGES.idempotencyInFlight },
      });
    }
    // The widget's retry after its 409 gets the first answer; the slot was swapped once.
    const retry = await replaceOverHttp(slotKey, bytes, "replace-1");
    expect(retry).toEqual(stored[0]);
    const left = await storedInSlot(slotKey);
    expect(left).toEqual([stored[0]?.body.document?.id]);
    expect(left[0]).not.toBe(original);
    const { rows } = await server.db.query("SELECT 1 FROM claim_documents WHERE slot_key = $1", [
      slotKey,
    ]);
    expect(rows).toHaveLength(2);
    expect(await filesOnDisk()).toBe(1);
  });
});
