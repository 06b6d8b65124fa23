import { readdir } from "node:fs/promises";
import net from "node:net";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { API_MESSAGES } from "../src/http/api-error.ts";
import { DOCUMENT_ROUTE_MESSAGES } from "../src/http/upload-messages.ts";
import { samplePhoto } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, type StartedClaim } from "./support/test-app.ts";

// uploadDocument bodies that are not the one-file form the widget sends: each is a 400 that says
// what is wrong, never a 500 or a "too large", and stores nothing (docs/decisions/0029).

const PHYSICIAN = "LMED001-APS-MIN";
const BOUNDARY = "kalinga-test-boundary";
const URL = "/api/claims/uploadDocument";

const server = useServerTest({ documentsDir: true });
let claim: StartedClaim;
let photo: Buffer;

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="id.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    ),
    bytes,
    Buffer.from("\r\n"),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const formType = `multipart/form-data; boundary=${BOUNDARY}`;

/** The widget's form, as raw bytes, with parts added or taken away by the caller. */
function form(...parts: (string | Buffer)[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part)));
}
const claimFields = () =>
  field("webReferenceNumber", claim.webReferenceNumber) + field("slotKey", PHYSICIAN);

function post(payload: Buffer, contentType = formType) {
  return server.app.inject({
    method: "POST",
    url: URL,
    headers: {
      "content-type": contentType,
      "x-api-key": API_KEY,
      authorization: `Bearer ${claim.token}`,
      "idempotency-key": "multipart-1",
    },
    payload,
  });
}

async function nothingChanged() {
  const documents = await server.db.query("SELECT 1 FROM claim_documents");
  const keys = await server.db.query("SELECT 1 FROM idempotency_keys");
  const hits = await server.db.query(
    "SELECT 1 FROM rate_limit_hits WHERE bucket LIKE 'document-%'",
  );
  expect(documents.rows).toEqual([]);
  expect(keys.rows).toEqual([]);
  expect(hits.rows).toEqual([]);
  expect(await readdir(server.documentsDir)).toEqual([]);
}

function refusedWith(
  response: { statusCode: number; json: () => unknown },
  fieldName: string,
  message: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    returnCode: "400",
    message: API_MESSAGES.invalidRequest,
    errors: [{ field: fieldName, message }],
  });
}

beforeAll(async () => {
  photo = await samplePhoto();
});
beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("a body that cannot be read as multipart/form-data is 400", () => {
  test("the form as the widget sends it is stored (the bodies below differ only as named)", async () => {
    const response = await post(form(claimFields(), filePart("file", photo), closing));
    expect(response.statusCode).toBe(200);
  });

  test("a Content-Type without a boundary", async () => {
    const response = await post(
      form(claimFields(), filePart("file", photo), closing),
      "multipart/form-data",
    );
    refusedWith(response, "body", DOCUMENT_ROUTE_MESSAGES.malformedMultipart);
    await nothingChanged();
  });

  test.each([
    ["inside the file", (whole: Buffer) => whole.subarray(0, whole.length - 200)],
    ["before the closing boundary", (whole: Buffer) => whole.subarray(0, whole.length - 30)],
    ["inside a part's headers", (whole: Buffer) => whole.subarray(0, 50)],
  ])("a body that ends %s", async (_where, truncate) => {
    const response = await post(truncate(form(claimFields(), filePart("file", photo), closing)));
    refusedWith(response, "body", DOCUMENT_ROUTE_MESSAGES.malformedMultipart);
    await nothingChanged();
  });

  test("bytes that are not multipart at all", async () => {
    const response = await post(Buffer.from("webReferenceNumber=x&slotKey=y"));
    refusedWith(response, "body", DOCUMENT_ROUTE_MESSAGES.malformedMultipart);
    await nothingChanged();
  });

  test("a body cut short on a real connection (chunked, ended before the closing boundary)", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const address = server.app.server.address();
    if (!address || typeof address === "string") throw new Error("The server has no port.");
    const body = form(claimFields(), filePart("file", photo)).subarray(0, 400);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
      });
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
      socket.write(
        `POST ${URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${formType}\r\n` +
          `x-api-key: ${API_KEY}\r\nAuthorization: Bearer ${claim.token}\r\n` +
          "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
      );
      socket.write(`${body.length.toString(16)}\r\n`);
      socket.write(body);
      // The last chunk, then wait: a client that half-closed would get no answer at all.
      socket.write("\r\n0\r\n\r\n");
    });
    const [head = "", json = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    const text = head.includes("transfer-encoding: chunked")
      ? json.split("\r\n").slice(1, -2).join("")
      : json;
    expect(JSON.parse(text)).toEqual({
      returnCode: "400",
      message: API_MESSAGES.invalidRequest,
      errors: [{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.malformedMultipart }],
    });
    await nothingChanged();
  });
});

describe("a form with other parts than the upload's is 400, not 413", () => {
  test("two file parts", async () => {
    const response = await post(
      form(claimFields(), filePart("file", photo), filePart("file", photo), closing),
    );
    refusedWith(response, "file", DOCUMENT_ROUTE_MESSAGES.oneFile);
    await nothingChanged();
  });

  test("the file under another name", async () => {
    const response = await post(form(claimFields(), filePart("document", photo), closing));
    refusedWith(response, "file", DOCUMENT_ROUTE_MESSAGES.oneFile);
    await nothingChanged();
  });

  test("a field the upload does not have", async () => {
    const response = await post(
      form(claimFields(), field("status", "approved"), filePart("file", photo), closing),
    );
    refusedWith(response, "body", DOCUMENT_ROUTE_MESSAGES.unexpectedField);
    await nothingChanged();
  });

  test("more fields than the parser takes", async () => {
    const extra = Array.from({ length: 9 }, (_, index) => field(`extra${index}`, "1")).join("");
    const response = await post(form(extra, claimFields(), filePart("file", photo), closing));
    refusedWith(response, "body", DOCUMENT_ROUTE_MESSAGES.unexpectedField);
    await nothingChanged();
  });

  test("a field sent twice", async () => {
    const response = await post(
      form(claimFields(), field("slotKey", "LIDC001-VIF-MIN"), filePart("file", photo), closing),
    );
    refusedWith(response, "slotKey", DOCUMENT_ROUTE_MESSAGES.repeatedField);
    await nothingChanged();
  });
});
