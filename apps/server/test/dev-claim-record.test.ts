import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DevClaimRecord } from "../src/claims/dev-claim-routes.ts";
import { uploadDocument, verifiedClaim } from "./support/claim-documents.ts";
import {
  ACCIDENT_MANDATORY_SLOTS,
  AGREED,
  accidentPayload,
  storedPayload,
  submitBodyOf,
  TODAY,
} from "./support/claim-payloads.ts";
import {
  basicInformation,
  callClaim,
  PRODUCTION_ENV,
  type StartedClaim,
  TestClock,
  testApp,
  testConfig,
} from "./support/test-app.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// GET /api/dev/claims/:webReferenceNumber: the claim as the database holds it, for browser
// journeys; only with KALINGA_DEMO=true, never in production.

let database: TestDatabase;
let documentsDir: string;
let app: FastifyInstance;
let clock: TestClock;
let claim: StartedClaim;

const record = (reference: string) =>
  app.inject({ method: "GET", url: `/api/dev/claims/${encodeURIComponent(reference)}` });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.reset();
  documentsDir = await mkdtemp(path.join(tmpdir(), "kalinga-record-"));
  clock = new TestClock();
  app = await testApp(
    database.db,
    testConfig(
      { KALINGA_DOCUMENTS_DIR: documentsDir, NOTIFICATION_POLL_MS: "60000" },
      { now: clock.now },
    ),
  );
  claim = await verifiedClaim(app);
});
afterEach(async () => {
  await app.close();
  await rm(documentsDir, { recursive: true, force: true });
});

describe("dev claim record", () => {
  test("a claim just started: draft, no submission, no documents, no rating", async () => {
    const response = await record(claim.webReferenceNumber);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      webReferenceNumber: claim.webReferenceNumber,
      status: "draft",
      submission: null,
      documents: [],
      rating: null,
    });
  });

  test("an unknown reference is 404", async () => {
    const response = await record("WEB-0000-999999");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ returnCode: "404", message: "Not found." });
  });

  test("a submitted and rated claim: payload, declarations, slot facts, documents and rating", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const uploaded: { id: string; sizeBytes: number; name: string; slotKey: string }[] = [];
    for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
      const response = await uploadDocument(app, claim, {
        slotKey,
        bytes: jpeg,
        filename: `${slotKey}.jpg`,
      });
      expect(response.statusCode).toBe(200);
      uploaded.push((response.json() as { document: (typeof uploaded)[number] }).document);
    }
    const before = (await record(claim.webReferenceNumber)).json() as DevClaimRecord;
    expect(before.documents.map((document) => document.slotRequired)).toEqual(
      uploaded.map(() => null),
    );

    const submitted = await callClaim(app, "finalSubmitClaim", submitBodyOf(claim), {
      token: claim.token,
    });
    expect(submitted.statusCode).toBe(200);
    const submittedAt = clock.current.toISOString();
    clock.advance(45);
    const rated = await callClaim(
      app,
      "rateClaim",
      { basicInformation, webReferenceNumber: claim.webReferenceNumber, rating: 5, comment: "Ok" },
      { token: claim.token },
    );
    expect(rated.statusCode).toBe(200);

    const response = await record(claim.webReferenceNumber);
    expect(response.statusCode).toBe(200);
    const body = response.json() as DevClaimRecord;
    expect(body).toEqual({
      webReferenceNumber: claim.webReferenceNumber,
      status: "CLAIM APPLICATION SUBMITTED",
      submission: {
        payload: storedPayload(claim),
        declarations: AGREED,
        slotFacts: JSON.parse(JSON.stringify(slotFactsOfPayload(accidentPayload, TODAY))),
        submittedAt,
      },
      documents: uploaded.map((document) => ({
        id: document.id,
        slotKey: document.slotKey,
        name: document.name,
        sizeBytes: document.sizeBytes,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        contentType: "application/pdf",
        slotRequired: true,
      })),
      rating: { rating: 5, comment: "Ok", ratedAt: clock.current.toISOString() },
    });
    // The sha256 is the stored row's, the one the bytes in the store are checked against.
    const { rows } = await database.db.query<{ id: string; sha256: string }>(
      "SELECT id, sha256 FROM claim_documents WHERE status = 'stored' ORDER BY seq",
    );
    expect(body.documents.map(({ id, sha256 }) => ({ id, sha256 }))).toEqual(rows);
  });

  test("production does not register it", async () => {
    const production = await testApp(
      database.db,
      testConfig({ ...PRODUCTION_ENV, KALINGA_DOCUMENTS_DIR: documentsDir }),
    );
    try {
      const response = await production.inject({
        method: "GET",
        url: `/api/dev/claims/${claim.webReferenceNumber}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ returnCode: "404", message: "Not found." });
    } finally {
      await production.close();
    }
    expect((await record(claim.webReferenceNumber)).statusCode).toBe(200);
  });
});
