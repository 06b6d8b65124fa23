import { describe, expect, test } from "vitest";
import { createLifecycleService } from "../src/lifecycle/lifecycle-service.ts";
import { submittedClaim } from "./support/claimant.ts";
import { insurer, queuedNotifications, readInsurerClaim } from "./support/insurer-api.ts";
import { fileWordsOf } from "./support/message-words.ts";
import { useServerTest } from "./support/server-test.ts";
import { MOBILE_63 } from "./support/test-app.ts";

// The insurer integration API's changes over real HTTP handling and a real database: status
// changes and their 409s, requirements, the reopen rule, the clocks, and the claimant's messages
// queued with each change.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });

const DAY = 86_400;

const read = (reference: string) => readInsurerClaim(server.app, reference);
const notifications = () => queuedNotifications(server.db);

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

    const service = createLifecycleService(
      server.db,
      server.config.insurer,
      server.clock.now,
      fileWordsOf,
    );
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

    const service = createLifecycleService(
      server.db,
      server.config.insurer,
      server.clock.now,
      fileWordsOf,
    );
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
