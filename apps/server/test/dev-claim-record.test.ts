import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { beforeEach, describe, expect, test } from "vitest";
import type { DevClaimRecord } from "../src/claims/dev-claim-record.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import {
  ACCIDENT_MANDATORY_SLOTS,
  AGREED,
  storedPayload,
  submitBodyOf,
  TODAY,
} from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  PRODUCTION_ENV,
  type StartedClaim,
  testApp,
  testConfig,
} from "./support/test-app.ts";

// GET /api/dev/claims/:webReferenceNumber: the claim as the database holds it, for browser
// journeys; only with KALINGA_DEMO=true, never in production.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "60000" } });
let claim: StartedClaim;

const record = (reference: string) =>
  server.app.inject({ method: "GET", url: `/api/dev/claims/${encodeURIComponent(reference)}` });

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("dev claim record", () => {
  test("a claim just started: draft, no submission, no documents, no rating", async () => {
    const response = await record(claim.webReferenceNumber);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      webReferenceNumber: claim.webReferenceNumber,
      status: "draft",
      companyName: "Kalinga Life",
      channelName: "Corporate Website",
      agentCode: null,
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
    const jpeg = await samplePhoto();
    const uploaded: { id: string; sizeBytes: number; name: string; slotKey: string }[] = [];
    for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
      const response = await uploadDocument(server.app, claim, {
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

    const submitted = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim), {
      token: claim.token,
    });
    expect(submitted.statusCode).toBe(200);
    const submittedAt = server.clock.current.toISOString();
    server.clock.advance(45);
    const rated = await callClaim(
      server.app,
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
      companyName: "Kalinga Life",
      channelName: "Corporate Website",
      agentCode: null,
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
      rating: { rating: 5, comment: "Ok", ratedAt: server.clock.current.toISOString() },
    });
    // The sha256 is the stored row's, the one the bytes in the store are checked against.
    const { rows } = await server.db.query<{ id: string; sha256: string }>(
      "SELECT id, sha256 FROM claim_documents WHERE status = 'stored' ORDER BY seq",
    );
    expect(body.documents.map(({ id, sha256 }) => ({ id, sha256 }))).toEqual(rows);
  });

  test("production does not register it", async () => {
    // On the file's clock: its housekeeping at start must not judge the file's claims by another day.
    const production = await testApp(
      server.db,
      testConfig(
        { ...PRODUCTION_ENV, KALINGA_DOCUMENTS_DIR: server.documentsDir },
        { now: server.clock.now },
      ),
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
