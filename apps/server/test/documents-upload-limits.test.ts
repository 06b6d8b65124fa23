import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_UPLOAD_RATE_LIMITS } from "../src/config/document-config.ts";
import type { ServerConfig } from "../src/config.ts";
import { countStoredFiles, multipartBody } from "./support/claim-documents.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, type StartedClaim, startClaim } from "./support/test-app.ts";

// Upload limits per claim and per client address (docs/decisions/0029): the claim's limit stops
// one abuser; the address's is a ceiling that many claimants behind one carrier address stay under.

const PHYSICIAN = "LMED001-APS-MIN";
const SHARED_ADDRESS = "203.177.0.10";

// Each test starts its app with its own limits; the TestClock starts at 01:00:00 UTC, the start of
// a 10-minute window.
const server = useServerTest({ documentsDir: true, app: false });
let photo: Buffer;

async function startApp(env: Record<string, string>, overrides: Partial<ServerConfig> = {}) {
  await server.restart(env, { overrides });
}

/** A claim past its OTP; each claimant's phone and start come from its own address. */
async function claimant(index: number): Promise<StartedClaim> {
  const remoteAddress = `10.20.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const mobile = `917${String(index).padStart(7, "0")}`;
  return verifiedClaim(server.app, { mobile, remoteAddress });
}

function upload(
  claim: StartedClaim,
  options: {
    remoteAddress?: string;
    token?: string;
    webReferenceNumber?: string;
    slotKey?: string;
    idempotencyKey?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(
    {
      webReferenceNumber: options.webReferenceNumber ?? claim.webReferenceNumber,
      slotKey: options.slotKey ?? PHYSICIAN,
    },
    { name: "file", filename: "statement.jpg", bytes: photo, contentType: "image/jpeg" },
  );
  const headers: Record<string, string> = {
    "content-type": contentType,
    "x-api-key": API_KEY,
    authorization: `Bearer ${options.token ?? claim.token}`,
  };
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  return server.app.inject({
    method: "POST",
    url: "/api/claims/uploadDocument",
    headers,
    payload,
    remoteAddress: options.remoteAddress ?? SHARED_ADDRESS,
  });
}

async function storedCount(claim: StartedClaim): Promise<number> {
  const { rows } = await server.db.query<{ files: number | string }>(
    `SELECT count(*) AS files FROM claim_documents d JOIN claims c ON c.id = d.claim_id
     WHERE c.web_reference_number = $1 AND d.status = 'stored'`,
    [claim.webReferenceNumber],
  );
  return Number(rows[0]?.files ?? 0);
}

const filesOnDisk = () => countStoredFiles(server.documentsDir);

function expectTooMany(response: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers["retry-after"]).toBe(String(retryAfterSeconds));
  expect(response.json()).toEqual({
    returnCode: "6",
    message: DECIDED_MESSAGES.tooManyRequests,
    retryAfterSeconds,
  });
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
});

describe("uploads per claim", () => {
  test("the upload past the claim's limit is 429 with Retry-After and stores nothing", async () => {
    await startApp({
      DOCUMENT_UPLOAD_CLAIM_LIMIT: "3",
      DOCUMENT_UPLOAD_CLAIM_WINDOW_SECONDS: "600",
    });
    const claim = await claimant(1);
    for (let file = 0; file < 3; file++) {
      expect((await upload(claim)).statusCode).toBe(200);
    }
    server.clock.advance(120);
    const refused = await upload(claim, { idempotencyKey: "fourth-file" });
    expectTooMany(refused, 480);
    expect(await storedCount(claim)).toBe(3);
    expect(await filesOnDisk()).toBe(3);
    // The refused request left no key behind: its retry in the next window runs.
    const { rows } = await server.db.query("SELECT 1 FROM idempotency_keys");
    expect(rows).toEqual([]);

    server.clock.advance(480);
    expect((await upload(claim, { idempotencyKey: "fourth-file" })).statusCode).toBe(200);
    expect(await storedCount(claim)).toBe(4);
  });

  test("one claim's limit leaves the other claimants behind its address alone", async () => {
    await startApp({ DOCUMENT_UPLOAD_CLAIM_LIMIT: "2" });
    const abuser = await claimant(1);
    const neighbour = await claimant(2);
    for (let file = 0; file < 2; file++) expect((await upload(abuser)).statusCode).toBe(200);
    for (let file = 0; file < 5; file++) expect((await upload(abuser)).statusCode).toBe(429);
    expect((await upload(neighbour)).statusCode).toBe(200);
    expect((await upload(neighbour)).statusCode).toBe(200);
  });
});

describe("uploads per client address", () => {
  test("the upload past the address's limit is 429, and takes nothing from its claim", async () => {
    await startApp({ DOCUMENT_UPLOAD_CLAIM_LIMIT: "3", DOCUMENT_UPLOAD_ADDRESS_LIMIT: "3" });
    const first = await claimant(1);
    const second = await claimant(2);
    expect((await upload(first)).statusCode).toBe(200);
    expect((await upload(first)).statusCode).toBe(200);
    expect((await upload(second)).statusCode).toBe(200);
    expectTooMany(await upload(second), 600);
    expect(await storedCount(second)).toBe(1);

    // The refused upload did not count against the second claim: two more fit, from elsewhere.
    const home = "10.99.0.1";
    expect((await upload(second, { remoteAddress: home })).statusCode).toBe(200);
    expect((await upload(second, { remoteAddress: home })).statusCode).toBe(200);
    expect((await upload(second, { remoteAddress: home })).statusCode).toBe(429);
    expect(await storedCount(second)).toBe(3);
  });

  test("requests that fail before the upload use up nothing that honest claimants share", async () => {
    await startApp({ DOCUMENT_UPLOAD_CLAIM_LIMIT: "3", DOCUMENT_UPLOAD_ADDRESS_LIMIT: "3" });
    const honest = await claimant(1);
    const other = await claimant(2);
    const unverified = await startClaim(server.app, { remoteAddress: "10.30.0.1" });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await upload(honest, { token: "not-a-token" })).statusCode).toBe(401);
      expect((await upload(unverified)).statusCode).toBe(403);
      expect((await upload(honest, { token: other.token })).statusCode).toBe(403);
      expect((await upload(honest, { slotKey: "LXXX001-ZZZ-MIN" })).statusCode).toBe(400);
    }
    for (let file = 0; file < 3; file++) expect((await upload(honest)).statusCode).toBe(200);
  });

  test("under the defaults, 100 claimants behind one address each upload 15 files in 10 minutes", async () => {
    await startApp({});
    expect(DEFAULT_UPLOAD_RATE_LIMITS).toEqual({
      claimLimit: 60,
      claimWindowSeconds: 600,
      addressLimit: 3000,
      addressWindowSeconds: 600,
    });
    const claimants: StartedClaim[] = [];
    for (let index = 0; index < 100; index++) claimants.push(await claimant(index));
    const refused: number[] = [];
    // Interleaved as they would arrive, all in one fixed window (its worst case).
    for (let file = 0; file < 15; file++) {
      const answers = await Promise.all(claimants.map((claim) => upload(claim)));
      for (const answer of answers) if (answer.statusCode !== 200) refused.push(answer.statusCode);
      server.clock.advance(30);
    }
    expect(refused).toEqual([]);
    expect(await storedCount(claimants[99] as StartedClaim)).toBe(15);
  }, 240_000);
});
