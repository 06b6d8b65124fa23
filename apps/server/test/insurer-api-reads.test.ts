import { createHash } from "node:crypto";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { describe, expect, test } from "vitest";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { submittedClaim, verifiedClaim } from "./support/claimant.ts";
import { insurer, INSURER_KEY as KEY, readInsurerClaim } from "./support/insurer-api.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, callClaim } from "./support/test-app.ts";

// The insurer integration API's keys, its OpenAPI document, the list of submitted claims and its
// cursor, and one claim read whole with its documents.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const MANDATORY = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY));

const read = (reference: string) => readInsurerClaim(server.app, reference);

describe("keys", () => {
  test("no key, the widget's key, a claim token and a wrong key are refused; the insurer key reads every claim", async () => {
    const claim = await submittedClaim(server.app);
    const app = server.app;
    const refused = [
      await insurer(app, "GET", "/claims", undefined, null),
      await insurer(app, "GET", "/claims", undefined, `Bearer ${API_KEY}`),
      await insurer(app, "GET", "/claims", undefined, `Bearer ${claim.token}`),
      await insurer(app, "GET", "/claims", undefined, "Bearer kalinga-dev-insurer-key2"),
      await insurer(app, "GET", "/claims", undefined, KEY),
      await app.inject({
        method: "GET",
        url: "/api/insurer/claims",
        headers: { "x-api-key": API_KEY },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: "unauthorized",
        message: "Missing or unknown integration key.",
        errors: [
          {
            field: "authorization",
            rule: "known-key",
            message: "Send Authorization: Bearer and a key of KALINGA_INSURER_KEYS.",
          },
        ],
      });
    }
    // A claim token changes nothing here either.
    const move = await insurer(
      app,
      "POST",
      `/claims/${claim.webReferenceNumber}/status`,
      { status: "UNDER REVIEW" },
      `Bearer ${claim.token}`,
    );
    expect(move.statusCode).toBe(401);
    expect((await read(claim.webReferenceNumber)).status).toBe("CLAIM APPLICATION SUBMITTED");

    const list = await insurer(app, "GET", "/claims");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect((list.json() as { claims: { webReferenceNumber: string }[] }).claims).toEqual([
      expect.objectContaining({ webReferenceNumber: claim.webReferenceNumber }),
    ]);
    // And the insurer key opens no claim call.
    const asClaim = await callClaim(app, "finalSubmitClaim", submitBodyOf(claim), { token: KEY });
    expect(asClaim.statusCode).toBe(401);
  });

  test("the OpenAPI document is served and names every path", async () => {
    const response = await insurer(server.app, "GET", "/openapi.json", undefined, null);
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    // The one error shape and the documents' names are described for the integrator.
    const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } })
      .components.schemas;
    expect(schemas.Problem).toMatchObject({ required: ["error", "message", "errors"] });
    expect(schemas.FieldProblem).toMatchObject({ required: ["field", "rule", "message"] });
    expect(schemas.Document).toMatchObject({
      properties: { slotName: { type: "string" }, beneficiary: expect.any(Object) },
    });
    const statusAnswers = (
      document.paths["/api/insurer/claims/{webReferenceNumber}/status"] as {
        post: { responses: Record<string, { content?: unknown }> };
      }
    ).post.responses;
    for (const code of ["400", "401", "404", "409", "422", "500"]) {
      expect(JSON.stringify(statusAnswers[code]?.content)).toContain(
        "#/components/schemas/Problem",
      );
    }
    expect(Object.keys(document.paths)).toEqual([
      "/api/insurer/claims",
      "/api/insurer/claims/{webReferenceNumber}",
      "/api/insurer/claims/{webReferenceNumber}/documents/{id}",
      "/api/insurer/claims/{webReferenceNumber}/status",
      "/api/insurer/claims/{webReferenceNumber}/requirements",
      "/api/insurer/policies",
      "/api/insurer/claims/{webReferenceNumber}/policy-match",
    ]);
  });
});

describe("reading claims", () => {
  test("lists submitted claims newest change first, by status, since a time, page by page", async () => {
    const first = await submittedClaim(server.app);
    server.clock.advance(60);
    const second = await submittedClaim(server.app);
    server.clock.advance(60);
    const third = await submittedClaim(server.app);
    const app = server.app;
    // A draft claim is never listed.
    await verifiedClaim(app);

    server.clock.advance(60);
    expect(
      (
        await insurer(app, "POST", `/claims/${first.webReferenceNumber}/status`, {
          status: "UNDER REVIEW",
        })
      ).statusCode,
    ).toBe(200);

    type Page = {
      claims: { webReferenceNumber: string; status: string }[];
      nextCursor: string | null;
    };
    const refs = (page: Page) => page.claims.map((claim) => claim.webReferenceNumber);
    const all = (await insurer(app, "GET", "/claims")).json() as Page;
    expect(refs(all)).toEqual([first, third, second].map((c) => c.webReferenceNumber));
    expect(all.nextCursor).toBeNull();

    const pageOne = (await insurer(app, "GET", "/claims?limit=2")).json() as Page;
    expect(refs(pageOne)).toEqual([first, third].map((c) => c.webReferenceNumber));
    expect(pageOne.nextCursor).toEqual(expect.any(String));
    const pageTwo = (
      await insurer(app, "GET", `/claims?limit=2&cursor=${pageOne.nextCursor}`)
    ).json() as Page;
    expect(refs(pageTwo)).toEqual([second.webReferenceNumber]);
    expect(pageTwo.nextCursor).toBeNull();

    const underReview = (await insurer(app, "GET", "/claims?status=UNDER%20REVIEW")).json() as Page;
    expect(refs(underReview)).toEqual([first.webReferenceNumber]);
    const since = new Date(server.clock.current.getTime() - 90_000).toISOString();
    const recent = (await insurer(app, "GET", `/claims?updatedSince=${since}`)).json() as Page;
    expect(refs(recent)).toEqual([first, third].map((c) => c.webReferenceNumber));

    for (const query of [
      "status=APPROVED",
      "updatedSince=yesterday",
      "cursor=bm9wZQ",
      "limit=0",
      "limit=201",
    ]) {
      const bad = await insurer(app, "GET", `/claims?${query}`);
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { errors: unknown[] }).errors).toHaveLength(1);
    }
  });

  test("one claim: status, payload, documents with their checksums and download, events, clocks", async () => {
    const claim = await submittedClaim(server.app);
    const view = await read(claim.webReferenceNumber);
    expect(view.status).toBe("CLAIM APPLICATION SUBMITTED");
    expect(view.statusLabel).toBe("Claim application submitted");
    expect(view.allowedNextStatuses).toEqual([
      "UNDER REVIEW",
      "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    ]);
    expect(view.payload.insuredInformation.firstName).toBe(
      accidentPayload.insuredInformation.firstName,
    );
    expect(view.documents).toHaveLength(MANDATORY.length);
    expect(view.events).toEqual([
      expect.objectContaining({
        kind: "status",
        from: null,
        to: "CLAIM APPLICATION SUBMITTED",
        actor: { kind: "claimant", id: "claimant" },
      }),
    ]);
    expect(view.clocks).toEqual({
      daysOpen: 0,
      daysWaitingOnClaimant: 0,
      daysWaitingOnInsurer: 0,
      deathClaimDaysLeft: null,
      serviceLevelDaysLeft: 15,
    });

    const document = view.documents[0];
    if (!document) throw new Error("no document");
    const file = await insurer(
      server.app,
      "GET",
      document.downloadPath.replace("/api/insurer", ""),
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(createHash("sha256").update(file.rawPayload).digest("hex")).toBe(document.sha256);
    expect(file.rawPayload.length).toBe(document.size);

    const other = await submittedClaim(server.app);
    const crossed = await insurer(
      server.app,
      "GET",
      `/claims/${other.webReferenceNumber}/documents/${document.id}`,
    );
    expect(crossed.statusCode).toBe(404);
    expect((await insurer(server.app, "GET", "/claims/KL-2222-2222")).statusCode).toBe(404);
    expect((await insurer(server.app, "GET", "/claims/NOPE1234")).statusCode).toBe(400);
  });
});
