import { describe, expect, test } from "vitest";
import { filedClaim } from "./support/claimant.ts";
import { FROM, SMTP_PASS, SMTP_USER } from "./support/mail-server.ts";
import { useNotificationOutbox } from "./support/notification-outbox.ts";
import { useServerTest } from "./support/server-test.ts";
import { type Signed, signInClient } from "./support/sign-in-client.ts";
import { outbox } from "./support/test-app.ts";

// The claimant's SMS and e-mails as content (decision 0096): an edit of the acknowledgment SMS,
// published for one company and channel, is what the next claim filed there is sent; other places
// keep the shipped words; a roll back restores them; a template whose placeholders differ from the
// English is refused and changes nothing; the translators' CSV carries the message keys.

// The app's own worker, woken by the submit, may send before the test's: both write to the same
// SMS outbox, and the test waits until the claim's messages are sent, by either.
const server = useServerTest({
  env: () => ({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${mail.port}`,
    EMAIL_FROM: FROM,
  }),
});
const { mail, sendAllOf } = useNotificationOutbox(server);
const { signedInAs, send, get } = signInClient(server);

const KEY = "messages-acknowledgment.acknowledgmentSms";
const EDITED = "{company}: claim {reference} received. Watch for our SMS and e-mail.";
const PLACE = { company: "first", channel: "corporate-website", locale: "en" } as const;
const shipped = (reference: string) =>
  `Kalinga Life received your claim, ref. ${reference}. We will update you by SMS and e-mail. To follow it, use Check claim status on our website.`;

const editor = () => signedInAs("content-editor");

async function publish(who: Signed, place: typeof PLACE | Record<string, string>, texts: object) {
  const saved = await send(who, "/content/draft", { ...place, texts });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await send(who, "/content/publish", place);
  expect(published.statusCode, published.body).toBe(200);
  return published.json().version.number as number;
}

/** The acknowledgment SMS a claim filed now is sent, read from the SMS outbox once it has left. */
async function acknowledgmentOfNewClaim(): Promise<{ reference: string; sms: string }> {
  const { webReferenceNumber: reference } = await filedClaim(server.app);
  await sendAllOf(reference);
  const sent = (await outbox(server.app)).find((m) => m.text.includes(reference));
  if (!sent) throw new Error(`the acknowledgment of ${reference} is not in the outbox`);
  return { reference, sms: sent.text };
}

describe("messages as content", () => {
  test("a published SMS edit reaches the next claim of its company and channel only; a roll back restores it", async () => {
    const who = await editor();
    // Version 1 of the place: nothing edited, to roll back to.
    expect(await publish(who, PLACE, {})).toBe(1);
    // The same edit for the other company and for another channel of this one.
    await publish(who, { ...PLACE, company: "bank-partner" }, { [KEY]: EDITED });
    await publish(who, { ...PLACE, channel: "member-portal" }, { [KEY]: EDITED });
    const before = await acknowledgmentOfNewClaim();
    expect(before.sms).toBe(shipped(before.reference));

    expect(await publish(who, PLACE, { [KEY]: EDITED })).toBe(2);
    const edited = await acknowledgmentOfNewClaim();
    expect(edited.sms).toBe(
      `Kalinga Life: claim ${edited.reference} received. Watch for our SMS and e-mail.`,
    );

    const rolled = await send(who, "/content/roll-back", { ...PLACE, number: 1 });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const after = await acknowledgmentOfNewClaim();
    expect(after.sms).toBe(shipped(after.reference));
  });

  test("a template with a missing or unknown placeholder is refused, naming both, and changes nothing", async () => {
    const who = await editor();
    const wrong = { [KEY]: "{company} received your claim {ref}." };
    const saved = await send(who, "/content/draft", { ...PLACE, texts: wrong });
    expect(saved.statusCode).toBe(400);
    const [error] = saved.json().errors;
    expect(error).toMatchObject({ field: `texts.${KEY}`, rule: "slots" });
    expect(error.message).toBe(
      `${KEY} must keep the placeholders of its English text. Put back {reference}. Take out {ref}: nothing fills it.`,
    );
    const read = await get(who, "/content?company=first&channel=corporate-website&locale=en");
    expect(read.json().draft).toEqual({});
    const published = await send(who, "/content/publish", PLACE);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().version.texts).toEqual({});
    const claim = await acknowledgmentOfNewClaim();
    expect(claim.sms).toBe(shipped(claim.reference));
  });

  test("the Content screen's answer and the CSV carry the message keys; the widget's texts do not", async () => {
    const who = await editor();
    const read = await get(who, "/content?company=first&channel=corporate-website&locale=fil");
    expect(read.json().english[KEY]).toContain("{company} received your claim, ref. {reference}.");
    expect(read.json().file[KEY]).toContain("Natanggap ng {company}");
    expect(
      (await get(who, "/content/check?company=first&channel=corporate-website&locale=fil")).json(),
    ).toEqual({ problems: [] });

    const exported = await get(who, "/content.csv?company=first&channel=corporate-website");
    expect(exported.statusCode).toBe(200);
    const rows = exported.body.split(/\r?\n/);
    expect(rows[0]).toBe("\ufeffkey,English,fil");
    // The acknowledgment SMS with its English and its Filipino side by side.
    expect(rows.find((row) => row.startsWith(`${KEY},`))).toContain("Natanggap ng {company}");
    for (const key of [
      KEY,
      "sms-otp.code",
      "sms-draft-reminder.reminderSms",
      "messages-claim-change.statusSms",
    ])
      expect(rows.some((row) => row.startsWith(`${key},`))).toBe(true);

    await publish(who, PLACE, { [KEY]: EDITED, "claimDetails.title": "What happened" });
    for (const locale of ["en", "fil"]) {
      const texts = await server.app.inject({
        method: "GET",
        url: `/api/content/texts/${locale}?company=first&channel=corporate-website`,
      });
      const keys = Object.keys(texts.json().texts);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => /^(sms|messages)-/.test(key))).toEqual([]);
    }
  });
});
