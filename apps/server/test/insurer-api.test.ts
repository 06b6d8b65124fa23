import { createHash } from "node:crypto";
import {
  accidentPayload,
  franciscoChild,
  joseClaimPayload,
  josephineSpouse,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect, test } from "vitest";
import { createLifecycleService } from "../src/lifecycle/lifecycle-service.ts";
import {
  samplePhoto,
  submittedClaim,
  uploadDocument,
  verifiedClaim,
} from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { useServerTest } from "./support/server-test.ts";
import { API_KEY, callClaim, MOBILE_63, type StartedClaim } from "./support/test-app.ts";

// The insurer integration API over real HTTP handling and a real database: its keys, the list and
// its cursor, one claim read whole, status changes and their 409s, requirements, the reopen rule,
// the clocks, and the claimant's messages queued with each change.

const KEY = "kalinga-dev-insurer-key";
const DAY = 86_400;
const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const MANDATORY = mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY));

function insurer(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  authorization: string | null = `Bearer ${KEY}`,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

type ClaimView = {
  status: string;
  statusLabel: string;
  allowedNextStatuses: string[];
  payload: { insuredInformation: { firstName: string } };
  documents: {
    id: string;
    slot: string;
    name: string;
    size: number;
    sha256: string;
    downloadPath: string;
  }[];
  requirements: {
    id: string;
    state: string;
    description: string;
    dueDate: string;
    replaces: string | null;
  }[];
  events: {
    kind: string;
    from: string | null;
    to: string | null;
    actor: { kind: string; id: string };
  }[];
  clocks: {
    daysOpen: number;
    daysWaitingOnClaimant: number;
    daysWaitingOnInsurer: number;
    deathClaimDaysLeft: number | null;
    serviceLevelDaysLeft: number;
  };
  policyNumber: string | null;
  matchCode: number | null;
  policyNumberDisplay: string | null;
};

async function read(reference: string): Promise<ClaimView> {
  const response = await insurer(server.app, "GET", `/claims/${reference}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ClaimView;
}

async function notifications(): Promise<
  { channel: string; recipient: string; subject: string | null; body: string }[]
> {
  const { rows } = await server.db.query<{
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
  }>("SELECT channel, recipient, subject, body FROM notifications ORDER BY seq");
  return rows;
}

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

describe("status changes", () => {
  test("an allowed move is 200 with its event and the claimant's SMS and e-mail; a refused one is 409 with the allowed statuses", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    const app = server.app;
    const before = (await notifications()).length;

    const moved = await insurer(app, "POST", `/claims/${ref}/status`, {
      status: "UNDER REVIEW",
      reason: "Documents complete",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ webReferenceNumber: ref, status: "UNDER REVIEW" });
    const view = await read(ref);
    expect(view.events.at(-1)).toEqual(
      expect.objectContaining({
        kind: "status",
        from: "CLAIM APPLICATION SUBMITTED",
        to: "UNDER REVIEW",
        // A plain key is named by its hash (decision 0064), never by the key itself.
        actor: { kind: "integration", id: "key-63095f" },
      }),
    );
    const sent = (await notifications()).slice(before);
    expect(sent.map((n) => n.channel)).toEqual(["sms", "email"]);
    expect(sent[0]?.recipient).toBe(MOBILE_63);
    expect(sent[0]?.body).toContain(`your claim ${ref} is now "Under review"`);
    expect(sent[1]?.subject).toBe(`Your claim ${ref}: Under review`);

    const refused = await insurer(app, "POST", `/claims/${ref}/status`, {
      status: "CLAIM COMPLETED",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "not-allowed",
      message: "This status cannot follow the claim's current status.",
      errors: [
        {
          field: "status",
          rule: "allowed-next-status",
          message: "This status cannot follow the claim's current status.",
        },
      ],
      status: "UNDER REVIEW",
      allowedNextStatuses: ["PENDING DUE TO INCOMPLETE REQUIREMENTS", "WITH CLAIM DECISION"],
    });
    // Into PENDING only by asking; into a decision only with one.
    expect(
      (
        await insurer(app, "POST", `/claims/${ref}/status`, {
          status: "PENDING DUE TO INCOMPLETE REQUIREMENTS",
        })
      ).statusCode,
    ).toBe(409);
    const undecided = await insurer(app, "POST", `/claims/${ref}/status`, {
      status: "WITH CLAIM DECISION",
    });
    expect(undecided.statusCode).toBe(409);
    expect((undecided.json() as { error: string }).error).toBe("needs-decision");
    const bad = await insurer(app, "POST", `/claims/${ref}/status`, { status: "APPROVED" });
    expect(bad.statusCode).toBe(400);
    const extra = await insurer(app, "POST", `/claims/${ref}/status`, {
      status: "WITH CLAIM DECISION",
      amount: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect((await read(ref)).status).toBe("UNDER REVIEW");
    expect((await notifications()).length).toBe(before + 2);

    const decided = await insurer(app, "POST", `/claims/${ref}/status`, {
      status: "WITH CLAIM DECISION",
      reason: "Within the policy's coverage",
      decision: { outcome: "approved", reasonCode: "COVERED" },
    });
    expect(decided.statusCode).toBe(200);
    const after = await read(ref);
    expect(after.events.map((event) => event.kind)).toEqual([
      "status",
      "status",
      "decision",
      "status",
    ]);
    expect((after as unknown as { decision: unknown }).decision).toEqual({
      outcome: "approved",
      reasonCode: "COVERED",
    });
  });

  test("a move that fails inside its transaction leaves no event and no message", async () => {
    const claim = await submittedClaim(server.app);
    const before = (await notifications()).length;
    // A claimant e-mail the queue refuses makes the transaction throw after the status update.
    await server.db.query(
      `UPDATE claim_submissions SET payload = jsonb_set(payload, '{insuredInformation,emailAddress}', '"not an address"')`,
    );
    const response = await insurer(
      server.app,
      "POST",
      `/claims/${claim.webReferenceNumber}/status`,
      { status: "UNDER REVIEW" },
    );
    expect(response.statusCode).toBe(500);
    // In the one error shape too, with nothing in the request at fault.
    expect(response.json()).toEqual({
      error: "server-error",
      message: "The request failed on the server. Nothing was changed; try again later.",
      errors: [],
    });
    const view = await read(claim.webReferenceNumber);
    expect(view.status).toBe("CLAIM APPLICATION SUBMITTED");
    expect(view.events).toHaveLength(1);
    expect((await notifications()).length).toBe(before);
  });
});

describe("requirements", () => {
  const ask = (ref: string, body: unknown) =>
    insurer(server.app, "POST", `/claims/${ref}/requirements`, body);

  test("asked at once, each received, accepted or rejected; all received moves the claim on by itself", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    const before = (await notifications()).length;
    const asked = await ask(ref, {
      requirements: [
        {
          documentCd: "APS-MIN",
          description: "The attending physician's statement, signed by your doctor",
          dueDate: "2026-04-30",
        },
        {
          documentCd: null,
          description: "A clear photo of the official receipt for the X-ray",
          dueDate: null,
        },
      ],
    });
    expect(asked.statusCode).toBe(200);
    const { requirementIds } = asked.json() as { requirementIds: string[] };
    expect(requirementIds).toHaveLength(2);
    let view = await read(ref);
    expect(view.status).toBe("PENDING DUE TO INCOMPLETE REQUIREMENTS");
    // The default due date is 90 days after the asking day (Manila).
    expect(view.requirements.map((item) => [item.state, item.dueDate])).toEqual([
      ["open", "2026-04-30"],
      ["open", "2026-05-31"],
    ]);
    const sent = (await notifications()).slice(before);
    expect(sent.map((n) => n.channel)).toEqual(["sms", "email"]);
    expect(sent[0]?.body).toContain(`we need 2 more documents, the first by April 30, 2026`);
    expect(sent[1]?.body).toContain(
      "1. The attending physician's statement, signed by your doctor",
    );
    expect(sent[1]?.body).toContain("2. A clear photo of the official receipt for the X-ray");

    const service = createLifecycleService(server.db, server.config.insurer, server.clock.now);
    const claimant = { kind: "claimant" as const, id: "claimant" };
    const [aps, receipt] = requirementIds as [string, string];
    expect(await service.receiveRequirementDocument(ref, aps, claimant)).toEqual({
      status: "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    });
    expect(await service.receiveRequirementDocument(ref, aps, claimant)).toEqual({
      refused: "requirement-not-found",
    });
    expect(await service.receiveRequirementDocument(ref, receipt, claimant)).toEqual({
      status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
    });
    view = await read(ref);
    expect(view.events.at(-1)).toEqual(
      expect.objectContaining({
        to: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
        actor: { kind: "system", id: "system" },
      }),
    );

    const examiner = { kind: "staff" as const, id: "examiner-1" };
    expect(await service.decideRequirement(ref, aps, { accept: true }, examiner)).toEqual({
      status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS",
    });
    // A blurred receipt is asked again: a new open item, and the claim waits on the claimant again.
    expect(
      await service.decideRequirement(
        ref,
        receipt,
        { accept: false, reason: "The photo is blurred" },
        examiner,
      ),
    ).toEqual({ status: "PENDING DUE TO INCOMPLETE REQUIREMENTS" });
    view = await read(ref);
    expect(view.requirements.map((item) => item.state)).toEqual(["accepted", "rejected", "open"]);
    expect(view.requirements[2]?.replaces).toBe(receipt);
  });

  test("bad items are 400 and change nothing; a completed claim cannot be asked", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    for (const body of [
      {},
      { requirements: [] },
      { requirements: [{ documentCd: null, description: "", dueDate: null }] },
      { requirements: [{ documentCd: null, description: "Receipt", dueDate: "30/04/2026" }] },
      { requirements: [{ documentCd: null, description: "Receipt", dueDate: null, extra: 1 }] },
    ]) {
      expect((await ask(ref, body)).statusCode).toBe(400);
    }
    const view = await read(ref);
    expect(view.status).toBe("CLAIM APPLICATION SUBMITTED");
    expect(view.requirements).toEqual([]);
    expect(
      (
        await ask("KL-2222-2222", {
          requirements: [{ documentCd: null, description: "Receipt", dueDate: null }],
        })
      ).statusCode,
    ).toBe(404);
  });

  test("past its due date a pending claim can be closed, and reopens when the documents arrive within the reopen period", async () => {
    const app = server.app;
    const claim = await submittedClaim(server.app);
    const late = await submittedClaim(server.app);
    const item = { documentCd: null, description: "The police report", dueDate: "2026-03-10" };
    const idOf = async (ref: string) =>
      ((await ask(ref, { requirements: [item] })).json() as { requirementIds: string[] })
        .requirementIds[0] as string;
    const [id, lateId] = [
      await idOf(claim.webReferenceNumber),
      await idOf(late.webReferenceNumber),
    ];

    const close = (ref: string) =>
      insurer(app, "POST", `/claims/${ref}/status`, {
        status: "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
      });
    const early = await close(claim.webReferenceNumber);
    expect(early.statusCode).toBe(409);
    expect((early.json() as { error: string }).error).toBe("requirements-not-overdue");

    server.clock.advance(10 * DAY);
    expect((await close(claim.webReferenceNumber)).statusCode).toBe(200);
    expect((await close(late.webReferenceNumber)).statusCode).toBe(200);

    const service = createLifecycleService(server.db, server.config.insurer, server.clock.now);
    const claimant = { kind: "claimant" as const, id: "claimant" };
    server.clock.advance(30 * DAY);
    expect(
      await service.receiveRequirementDocument(claim.webReferenceNumber, id, claimant),
    ).toEqual({ status: "UNDER REVIEW DUE TO INCOMPLETE REQUIREMENTS" });
    server.clock.advance(61 * DAY);
    expect(
      await service.receiveRequirementDocument(late.webReferenceNumber, lateId, claimant),
    ).toEqual({ refused: "reopen-period-over" });
    expect((await read(late.webReferenceNumber)).status).toBe(
      "CLOSED - DUE TO INCOMPLETE REQUIREMENTS",
    );

    // The reopened claim waited 40 days on the claimant, and on the insurer the 61 days since.
    const clocks = (await read(claim.webReferenceNumber)).clocks;
    expect(clocks.daysWaitingOnClaimant).toBe(40);
    expect(clocks.daysWaitingOnInsurer).toBe(61);
  });
});

describe("policy match", () => {
  test("sets the policy number and matchCode, shown by the specification's display rule; bad values are 400", async () => {
    const claim = await submittedClaim(server.app);
    const ref = claim.webReferenceNumber;
    const app = server.app;
    expect((await read(ref)).policyNumberDisplay).toBeNull();
    const set = await insurer(app, "POST", `/claims/${ref}/policy-match`, {
      policyNumber: "PL-000123",
      matchCode: 0,
    });
    expect(set.statusCode).toBe(200);
    let view = await read(ref);
    expect([view.policyNumber, view.matchCode, view.policyNumberDisplay]).toEqual([
      "PL-000123",
      0,
      "PL-000123",
    ]);
    await insurer(app, "POST", `/claims/${ref}/policy-match`, {
      policyNumber: "PL-000123",
      matchCode: 2,
    });
    view = await read(ref);
    expect(view.policyNumberDisplay).toBe("For further verification");
    expect(view.events.at(-1)).toEqual(expect.objectContaining({ kind: "policy-match" }));
    expect(JSON.stringify(view.events)).not.toContain("PL-000123");

    for (const body of [
      { policyNumber: "PL-1", matchCode: 10 },
      // 6 to 8 mean nothing in section 4: refused, not shown as a verified number.
      { policyNumber: "PL-1", matchCode: 7 },
      { policyNumber: "PL-1", matchCode: 6 },
      { policyNumber: "PL-1", matchCode: "1" },
      { policyNumber: "", matchCode: 1 },
      { matchCode: 1 },
    ]) {
      expect((await insurer(app, "POST", `/claims/${ref}/policy-match`, body)).statusCode).toBe(
        400,
      );
    }
    expect((await read(ref)).matchCode).toBe(2);
  });
});

describe("documents", () => {
  const deathPayload = joseClaimPayload(
    {
      claimType: "Death",
      dateOfLoss: "2026-08-15",
      causeOfLoss: "Dengue fever",
      natureOfDeath: "IL",
    },
    { beneficiaries: [josephineSpouse, franciscoChild], payout: null },
  );

  async function submittedDeathClaim(): Promise<StartedClaim> {
    const claim = await verifiedClaim(server.app);
    const bytes = await samplePhoto();
    for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY))) {
      const uploaded = await uploadDocument(server.app, claim, { slotKey, bytes });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const body = submitBodyOf(claim, deathPayload);
    const submitted = await callClaim(server.app, "finalSubmitClaim", body, { token: claim.token });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return claim;
  }

  test("each document of a death claim names its slot and the beneficiary it belongs to", async () => {
    const claim = await submittedDeathClaim();
    const view = (await read(claim.webReferenceNumber)) as unknown as {
      documents: { slot: string; slotName: string; beneficiary: unknown }[];
    };
    const bySlot = Object.fromEntries(
      view.documents.map((document) => [document.slot, [document.slotName, document.beneficiary]]),
    );
    expect(bySlot["DCRT001-DTC-MAJ"]).toEqual(["PSA death certificate of the insured", null]);
    expect(bySlot["DIDC001-VIF1-MAJ"]).toEqual([
      "Valid government ID of the beneficiary (front)",
      { beneficiaryNo: 1, name: "Josephine Bracken" },
    ]);
    expect(bySlot["DCRT003-MRC1-MAJ"]).toEqual([
      "PSA marriage certificate of the spouse beneficiary",
      { beneficiaryNo: 1, name: "Josephine Bracken" },
    ]);
    expect(bySlot["DIDC001-GIF2-MAJ"]).toEqual([
      "Valid government ID of the minor beneficiary's guardian (front)",
      { beneficiaryNo: 2, name: "Francisco Bracken Rizal" },
    ]);
    // Every document is named: none falls back to a code or a placeholder.
    for (const document of view.documents) {
      expect(document.slotName).not.toMatch(/^(Document|D[A-Z]{3}\d{3}-)/);
    }
  });

  test("a living claim's documents belong to no beneficiary", async () => {
    const claim = await submittedClaim(server.app);
    const view = (await read(claim.webReferenceNumber)) as unknown as {
      documents: { slotName: string; beneficiary: unknown }[];
    };
    expect(view.documents.length).toBe(MANDATORY.length);
    expect(view.documents.every((document) => document.beneficiary === null)).toBe(true);
    expect(view.documents.map((document) => document.slotName)).toContain(
      "Attending physician's statement",
    );
  });
});
