import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { OWNER, signInClient } from "./support/sign-in-client.ts";
import { testApp, testConfig } from "./support/test-app.ts";

// The widget's words as content (decision 0090): a content editor edits a draft, the completeness
// check blocks a publish, a publish is audited and reaches a second server on the same database
// within its refresh, a roll back publishes a copy, and a preview token shows the draft to the widget.
// The translators' CSV is console-content-csv.test.ts.

const REFRESH_SECONDS = 5;
const ENV = { KALINGA_COMPANIES_REFRESH_SECONDS: String(REFRESH_SECONDS) };
const server = useServerTest({ env: ENV });
const { createStaff, signIn, signedInAs, send, get, auditActions } = signInClient(server);

const others: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

const PLACE = { company: "first", channel: "corporate-website", locale: "en" } as const;
const QUERY = "company=first&channel=corporate-website";

const editor = () => signedInAs("content-editor");

async function widgetTexts(app: FastifyInstance, locale: string, extra = "") {
  const answer = await app.inject({
    method: "GET",
    url: `/api/content/texts/${locale}?${QUERY}${extra}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { texts: (answer.json() as { texts: Record<string, string> }).texts, answer };
}

describe("content versions", () => {
  test("a publish of the Step 2 title and a tip reaches a second server after its refresh", async () => {
    const who = await editor();
    const other = await testApp(server.db, testConfig(ENV, { now: server.clock.now }));
    others.push(other);
    const before = await widgetTexts(other, "en");
    expect(before.texts["claimDetails.title"]).toBeUndefined();

    const texts = {
      "claimDetails.title": "Tell us what happened",
      "otp.tip": "Tip: keep this page open while the SMS arrives.",
    };
    const saved = await send(who, "/content/draft", { ...PLACE, texts });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await get(who, `/content?${QUERY}&locale=en`);
    expect(read.json()).toMatchObject({
      draft: texts,
      published: null,
      updatedBy: OWNER.email,
    });
    expect(read.json().english["claimDetails.title"]).toBe("Claim details");
    // Not yet published: the widget still has the shipped words.
    expect((await widgetTexts(server.app, "en")).texts["claimDetails.title"]).toBeUndefined();

    const published = await send(who, "/content/publish", PLACE);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().version).toMatchObject({ number: 1, texts, publishedBy: OWNER.email });
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["content.draft", "content.publish"]),
    );

    const here = await widgetTexts(server.app, "en");
    expect(here.texts).toMatchObject(texts);
    expect(here.answer.headers.etag).not.toBe(before.answer.headers.etag);
    // The other server keeps its copy until its refresh has passed, then serves the publish.
    expect((await widgetTexts(other, "en")).texts["claimDetails.title"]).toBeUndefined();
    server.clock.advance(REFRESH_SECONDS);
    expect((await widgetTexts(other, "en")).texts).toMatchObject(texts);
    // Another channel of the company keeps its own words.
    const portal = await other.inject({
      method: "GET",
      url: "/api/content/texts/en?company=first&channel=member-portal",
    });
    expect(portal.json().texts["claimDetails.title"]).toBeUndefined();
  });

  test("the widget's English answer is empty until a publish, revalidated by its ETag", async () => {
    const first = await widgetTexts(server.app, "en");
    // Nothing edited: the shipped English stands, and the answer carries none of it.
    expect(first.texts).toEqual({});
    expect(first.answer.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.answer.headers.etag);
    const revalidate = () =>
      server.app.inject({
        method: "GET",
        url: `/api/content/texts/en?${QUERY}`,
        headers: { "if-none-match": etag },
      });
    const unchanged = await revalidate();
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");

    const who = await editor();
    const texts = { "claimDetails.policyNumberTip": "The 10 digits on page 1 of your contract." };
    expect((await send(who, "/content/draft", { ...PLACE, texts })).statusCode).toBe(200);
    // A draft alone changes nothing the widget reads.
    expect((await revalidate()).statusCode).toBe(304);
    expect((await send(who, "/content/publish", PLACE)).statusCode).toBe(200);
    const changed = await revalidate();
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ locale: "en", texts });
    expect(changed.headers.etag).not.toBe(etag);
  });

  test("a roll back publishes a copy of the earlier version, audited", async () => {
    const who = await editor();
    const first = { "claimDetails.title": "What happened" };
    await send(who, "/content/draft", { ...PLACE, texts: first });
    expect((await send(who, "/content/publish", PLACE)).statusCode).toBe(200);
    await send(who, "/content/draft", { ...PLACE, texts: { "claimDetails.title": "Details" } });
    expect((await send(who, "/content/publish", PLACE)).statusCode).toBe(200);

    const rolled = await send(who, "/content/roll-back", { ...PLACE, number: 1 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().version).toMatchObject({ number: 3, texts: first, rolledBackFrom: 1 });
    expect((await widgetTexts(server.app, "en")).texts).toMatchObject(first);
    const versions = await get(who, `/content/versions?${QUERY}&locale=en`);
    expect(versions.json().versions.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(await auditActions()).toContain("content.roll-back");

    const missing = await send(who, "/content/roll-back", { ...PLACE, number: 9 });
    expect(missing.statusCode).toBe(404);
  });

  test("bad edits are refused naming the key and the rule, and change nothing", async () => {
    const who = await editor();
    const refused = await send(who, "/content/draft", {
      ...PLACE,
      texts: {
        "messages.wrongOtp": "Wrong code",
        "payout.walletNumberTip": "The mobile number of your account.",
        "claimDetails.nothing": "x",
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: "texts.claimDetails.nothing", rule: "unknown" }),
      expect.objectContaining({ field: "texts.messages.wrongOtp", rule: "spec-worded" }),
      expect.objectContaining({ field: "texts.payout.walletNumberTip", rule: "slots" }),
    ]);
    const read = await get(who, `/content?${QUERY}&locale=en`);
    expect(read.json().draft).toEqual({});

    const badPlace = await send(who, "/content/draft", { ...PLACE, locale: "xx", texts: {} });
    expect(badPlace.statusCode).toBe(400);
    expect(badPlace.json().errors).toEqual([expect.objectContaining({ field: "locale" })]);
    const badCompany = await send(who, "/content/publish", { ...PLACE, company: "nobody" });
    expect(badCompany.json().errors).toEqual([expect.objectContaining({ field: "company" })]);
  });

  test("the completeness check lists a key missing in Filipino and blocks its publish", async () => {
    const who = await editor();
    const fil = { ...PLACE, locale: "fil" };
    const clean = await get(who, `/content/check?${QUERY}&locale=fil`);
    expect(clean.json()).toEqual({ problems: [] });
    // A Filipino text whose slot differs is a problem the check lists and the publish refuses.
    await server.db.query(
      `INSERT INTO content_drafts (company, channel, locale, texts, updated_at, updated_by)
       VALUES ('first', 'corporate-website', 'fil', $1::jsonb, now(), 'x')`,
      [JSON.stringify({ "payout.walletNumberTip": "Ang mobile number." })],
    );
    const check = await get(who, `/content/check?${QUERY}&locale=fil`);
    expect(check.json().problems).toEqual([
      { key: "payout.walletNumberTip", problem: "slots", expected: ["wallet"], found: [] },
    ]);
    const refused = await send(who, "/content/publish", fil);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: "payout.walletNumberTip", rule: "slots" }),
    ]);
    expect((await get(who, `/content/versions?${QUERY}&locale=fil`)).json().versions).toEqual([]);
  });

  test("a preview token shows the draft; a forged or ended one the published words", async () => {
    const who = await editor();
    const texts = { "claimDetails.title": "Draft title" };
    await send(who, "/content/draft", { ...PLACE, texts });
    const preview = await send(who, "/content/preview", PLACE);
    expect(preview.statusCode, preview.body).toBe(200);
    const { token } = preview.json() as { token: string };

    const shown = await widgetTexts(server.app, "en", `&preview=${token}`);
    expect(shown.texts).toMatchObject(texts);
    expect(shown.answer.headers["cache-control"]).toBe("private, no-store");
    // Another locale, or another channel, is not what the token previews.
    expect((await widgetTexts(server.app, "fil", `&preview=${token}`)).texts).not.toMatchObject(
      texts,
    );
    const forged = `${token.slice(0, -2)}00`;
    expect((await widgetTexts(server.app, "en", `&preview=${forged}`)).texts).not.toMatchObject(
      texts,
    );
    server.clock.advance(31 * 60);
    expect((await widgetTexts(server.app, "en", `&preview=${token}`)).texts).not.toMatchObject(
      texts,
    );
  });

  test("an examiner may not edit the widget's words; an administrator may", async () => {
    await createStaff(OWNER.email, "examiner", OWNER.password);
    const examiner = await signIn(OWNER);
    expect((await get(examiner, `/content?${QUERY}&locale=en`)).statusCode).toBe(403);
    expect((await send(examiner, "/content/publish", PLACE)).statusCode).toBe(403);
    await createStaff("admin@kalinga-life.example", "administrator", OWNER.password);
    const admin = await signIn({ email: "admin@kalinga-life.example", password: OWNER.password });
    expect((await get(admin, `/content?${QUERY}&locale=en`)).statusCode).toBe(200);
  });
});
