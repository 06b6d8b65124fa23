import { addDays, todayInManila } from "@kalinga/domain/dates";
import {
  accidentPayload,
  franciscoChild,
  heartAttackDeath,
  joseClaimPayload,
  josephineSpouse,
  joseStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { describe, expect, test } from "vitest";
import {
  callAsTracking,
  filedClaim,
  sendRequestedFiles,
  trackingCheck,
} from "./support/claimant.ts";
import { askForRequirements, callInsurer, receiptAndPoliceReport } from "./support/insurer.ts";
import { useServerTest } from "./support/server-test.ts";
import { signedInStaff } from "./support/staff-session.ts";

// Who is told what after the submit (decision 0067), over real request handling and a real
// database: a living claim's messages greet the insured who filed it; a death claim's go to the
// verified number and the e-mail given with it, greet the beneficiary who filed (or no one by
// name), and name the insured only as the late person the claim is for; the decision is told with
// its outcome; each requested item has its own due date; the console previews all of it.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const JOSE = "9171234567";
const JOSEPHINE = "9181234567";
const JOSEPHINE_EMAIL = "josephine@example.com";

/** Jose Rizal died; his wife Josephine (also his minor son's guardian) files from her phone. */
const deathPayload = joseClaimPayload(heartAttackDeath, {
  beneficiaries: [josephineSpouse, franciscoChild],
  payout: null,
  step1: { ...joseStep1, phoneNumber: JOSEPHINE, emailAddress: JOSEPHINE_EMAIL },
});
/** Jose's own living accident claim, paid to his BPI account ending 7890. */
const livingPayload = accidentPayload;

type Payload = typeof deathPayload;

/** A claim filed as the widget files it, from this verified number. */
async function filed(payload: Payload, mobile: string): Promise<string> {
  return (await filedClaim(server.app, { payload, mobile })).webReferenceNumber;
}

const insurer = (url: string, body: unknown) => callInsurer(server.app, "POST", url, body);

type Message = { channel: string; recipient: string; subject: string | null; body: string };

async function messagesOf(ref: string): Promise<Message[]> {
  const { rows } = await server.db.query<Message>(
    `SELECT n.channel, n.recipient, n.subject, n.body FROM notifications n
     JOIN claims c ON c.id = n.claim_id WHERE c.web_reference_number = $1 ORDER BY n.seq`,
    [ref],
  );
  return rows;
}

const smsOf = (messages: Message[]) => messages.filter((m) => m.channel === "sms");
const emailsOf = (messages: Message[]) => messages.filter((m) => m.channel === "email");

async function move(ref: string, body: Record<string, unknown>) {
  const moved = await insurer(`/claims/${ref}/status`, body);
  expect(moved.statusCode, moved.body).toBe(200);
}

async function askForTwo(ref: string) {
  await askForRequirements(server.app, ref, receiptAndPoliceReport("2026-03-20", "2026-04-24"));
}

async function tracked(ref: string, mobile: string) {
  const check = await trackingCheck(server.app, { mobile });
  const read = await callAsTracking(server.app, check, "readTrackedClaim", {
    webReferenceNumber: ref,
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json() as { decision: unknown; claim: { status: string } };
}

describe("who receives what", () => {
  test("a living claim's messages greet the insured who filed it, at the verified number and the e-mail given with it", async () => {
    const ref = await filed(livingPayload, JOSE);
    await move(ref, { status: "UNDER REVIEW" });
    await askForTwo(ref);
    const messages = await messagesOf(ref);
    expect(smsOf(messages).map((m) => m.recipient)).toEqual([
      `63${JOSE}`,
      `63${JOSE}`,
      `63${JOSE}`,
    ]);
    const emails = emailsOf(messages);
    expect(emails.map((m) => m.recipient)).toEqual([
      joseStep1.emailAddress,
      joseStep1.emailAddress,
      joseStep1.emailAddress,
    ]);
    for (const email of emails) expect(email.body).toMatch(/^Dear Jose,\n\n/);
    expect(emails[1]?.body).toContain(`The status of your claim ${ref} is now "Under review".`);
  });

  test("a death claim filed by a beneficiary greets her by her own name and names the insured only as the late person the claim is for", async () => {
    const ref = await filed(deathPayload, JOSEPHINE);
    await move(ref, { status: "UNDER REVIEW" });
    await askForTwo(ref);
    const messages = await messagesOf(ref);
    expect(messages).toHaveLength(6);
    expect(smsOf(messages).map((m) => m.recipient)).toEqual(Array(3).fill(`63${JOSEPHINE}`));
    const emails = emailsOf(messages);
    expect(emails.map((m) => m.recipient)).toEqual(Array(3).fill(JOSEPHINE_EMAIL));
    for (const email of emails) {
      expect(email.body).toMatch(/^Dear Josephine,\n\n/);
      expect(email.body).not.toContain("Dear Jose,");
    }
    const [acknowledgment, status, request] = emails;
    expect(acknowledgment?.body).toContain(
      "We are sorry for your loss. Thank you for filing the death claim for the late Jose Rizal with Kalinga Life.",
    );
    expect(status?.body).toContain(
      `The status of the claim for the late Jose Rizal (${ref}) is now "Under review".`,
    );
    expect(request?.body).toContain(`To go on with the claim for the late Jose Rizal (${ref}),`);
    // An SMS shows on a lock screen: it names no one, neither the reader nor the insured.
    for (const sms of smsOf(messages)) expect(sms.body).not.toMatch(/Jose|Josephine/);
  });

  test("a death claim whose number no one in the claim has greets without a name, never the insured", async () => {
    const payload = joseClaimPayload(heartAttackDeath, {
      beneficiaries: [josephineSpouse],
      payout: null,
    });
    const ref = await filed(payload, JOSE);
    await move(ref, { status: "UNDER REVIEW" });
    const emails = emailsOf(await messagesOf(ref));
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.recipient).toBe(joseStep1.emailAddress);
      expect(email.body).toMatch(/^Dear claimant,\n\n/);
      expect(email.body).toContain("the late Jose Rizal");
    }
  });
});

describe("what the messages say", () => {
  test("the requirement e-mail gives each item its own due date; the SMS the first of them", async () => {
    const ref = await filed(livingPayload, JOSE);
    await askForTwo(ref);
    const [sms, email] = (await messagesOf(ref)).slice(-2);
    expect(sms?.body).toContain(
      `to go on with your claim ${ref}, we need 2 more documents, the first by March 20, 2026.`,
    );
    expect(email?.body).toContain("1. Official receipt of the hospital bill (by March 20, 2026)");
    expect(email?.body).toContain("2. Police report of the collision (by April 24, 2026)");
    expect(email?.body).not.toContain("documents below by");
  });

  test("an approval is told with where the benefit goes, the account masked to its last 4, on the status page too", async () => {
    const ref = await filed(livingPayload, JOSE);
    await move(ref, { status: "UNDER REVIEW" });
    await move(ref, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "approved", reasonCode: "AP01" },
    });
    const [sms, email] = (await messagesOf(ref)).slice(-2);
    expect(sms?.body).toContain(
      `your claim ${ref} is approved. We will pay it by bank credit to your Bank of the Philippine Islands (BPI) account ******7890.`,
    );
    expect(email?.subject).toBe(`The decision on your claim ${ref}`);
    expect(email?.body).toContain(
      `Our claims team has decided on your claim ${ref}: it is approved.`,
    );
    expect(email?.body).toContain(
      "We will pay it by bank credit to your Bank of the Philippine Islands (BPI) account ******7890. We will tell you by SMS and e-mail when the payment is made.",
    );
    for (const message of [sms, email]) expect(message?.body).not.toContain("1234567890");
    expect((await tracked(ref, JOSE)).decision).toEqual({
      outcome: "approved",
      reason: null,
      payout: {
        method: "bank",
        provider: "Bank of the Philippine Islands (BPI)",
        account: "******7890",
      },
    });
  });

  test("a denial needs the reason the claimant reads; it is told by e-mail and on the status page, never by SMS", async () => {
    const ref = await filed(deathPayload, JOSEPHINE);
    await move(ref, { status: "UNDER REVIEW" });
    const before = await messagesOf(ref);
    const refused = await insurer(`/claims/${ref}/status`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "denied", reasonCode: "DN02" },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain("decision.reason");
    expect(await messagesOf(ref)).toEqual(before);
    const reason = "The policy had lapsed on 1 June 2026 for unpaid premiums.";
    await move(ref, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "denied", reasonCode: "DN02", reason },
    });
    const [sms, email] = (await messagesOf(ref)).slice(-2);
    expect(sms?.recipient).toBe(`63${JOSEPHINE}`);
    expect(sms?.body).toContain(
      `your claim ${ref} is not approved. The reason and what you can do are in our e-mail and on the claim status page.`,
    );
    expect(sms?.body).not.toContain("lapsed");
    expect(email?.recipient).toBe(JOSEPHINE_EMAIL);
    expect(email?.body).toMatch(/^Dear Josephine,\n\n/);
    expect(email?.body).toContain(
      `Our claims team has decided on the claim for the late Jose Rizal (${ref}): it is not approved.`,
    );
    expect(email?.body).toContain(`Why: ${reason}`);
    expect(email?.body).toContain("Ask us to review the decision");
    expect(email?.body).toContain("Ask the Insurance Commission for assistance");
    expect(email?.body).not.toContain("What happens next");
    expect((await tracked(ref, JOSEPHINE)).decision).toEqual({
      outcome: "denied",
      reason,
      payout: null,
    });
  });
});

/** The filer follows the claim from her number and sends a file for each of these requests. */
async function sendFor(ref: string, mobile: string, requirementIds: string[]) {
  await sendRequestedFiles(
    server.app,
    await trackingCheck(server.app, { mobile }),
    ref,
    requirementIds,
  );
}

describe("a document not accepted", () => {
  test("is told to the filer: the e-mail says which, why and the replacement's date; the SMS only that a replacement is due", async () => {
    const ref = await filed(deathPayload, JOSEPHINE);
    await move(ref, { status: "UNDER REVIEW" });
    const asked = await insurer(`/claims/${ref}/requirements`, {
      requirements: [
        { documentCd: null, description: "Official receipt of the funeral", dueDate: null },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [receipt] = (asked.json() as { requirementIds: string[] }).requirementIds;
    await sendFor(ref, JOSEPHINE, [receipt ?? ""]);
    const before = (await messagesOf(ref)).length;
    const examiner = await signedInStaff(server.app, server.db, server.clock, {
      email: "checker@kalinga.example",
      role: "examiner",
    });
    const reason = "Dengue is not named on the receipt; please send the whole page.";
    const rejected = await examiner.call("POST", `/claims/${ref}/requirements/${receipt}`, {
      accept: false,
      reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // One SMS and one e-mail, to the filer, instead of a bare status change.
    const told = (await messagesOf(ref)).slice(before);
    expect(told.map((m) => [m.channel, m.recipient])).toEqual([
      ["sms", `63${JOSEPHINE}`],
      ["email", JOSEPHINE_EMAIL],
    ]);
    const [sms, email] = told;
    const due = new Date(
      `${addDays(todayInManila(server.clock.now()), 90)}T00:00:00Z`,
    ).toLocaleDateString("en-PH", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(sms?.body).toContain(
      `a document you sent for your claim ${ref} was not accepted. Please send a replacement by ${due}.`,
    );
    expect(sms?.body).not.toContain("Dengue");
    expect(sms?.body).not.toMatch(/Jose|Josephine/);
    expect(email?.subject).toBe(`A document for your claim ${ref} was not accepted`);
    expect(email?.body).toMatch(/^Dear Josephine,\n\n/);
    expect(email?.body).toContain(
      `We could not accept the document you sent for the claim for the late Jose Rizal (${ref}): Official receipt of the funeral.`,
    );
    expect(email?.body).toContain(`Why: ${reason}`);
    expect(email?.body).toContain(`Please send a replacement by ${due}.`);
  });
});

describe("the console's preview", () => {
  test("shows whom each message goes to and how it reads, as it is then sent", async () => {
    const ref = await filed(deathPayload, JOSEPHINE);
    const examiner = await signedInStaff(server.app, server.db, server.clock, {
      email: "examiner@kalinga.example",
      role: "examiner",
    });
    const change = {
      status: "UNDER REVIEW",
      reason: null,
      decision: null,
    };
    const previewed = await examiner.call("POST", `/claims/${ref}/status/preview`, change);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json() as {
      recipient: object;
      sms: string;
      email: { subject: string; text: string };
    };
    expect(preview.recipient).toEqual({
      role: "beneficiary",
      name: "Josephine Bracken",
      greeting: "Dear Josephine,",
      mobile: `63${JOSEPHINE}`,
      email: JOSEPHINE_EMAIL,
    });
    expect(preview.email.text).toMatch(/^Dear Josephine,\n\n/);
    expect((await messagesOf(ref)).length).toBe(2);

    expect((await examiner.call("POST", `/claims/${ref}/status`, change)).statusCode).toBe(200);
    const [sms, email] = (await messagesOf(ref)).slice(-2);
    expect(sms?.body).toBe(preview.sms);
    expect(email?.subject).toBe(preview.email.subject);
    expect(email?.body).toBe(preview.email.text);

    const requirements = await examiner.call("POST", `/claims/${ref}/requirements/preview`, {
      requirements: [
        { documentCd: null, description: "Police report of the collision", dueDate: "2026-04-24" },
      ],
    });
    expect(requirements.statusCode, requirements.body).toBe(200);
    expect((requirements.json() as { recipient: { role: string } }).recipient.role).toBe(
      "beneficiary",
    );
    const bad = await examiner.call("POST", `/claims/${ref}/status/preview`, {
      status: "WITH CLAIM DECISION",
      decision: { outcome: "partly-approved", reasonCode: "PA1" },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("decision.reason");
  });
});
