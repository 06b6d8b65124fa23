import { LOCALE_HEADER } from "@kalinga/domain/claim-api-names";
import { describe, expect, test } from "vitest";
import { acknowledgmentMessages } from "../src/notifications/enqueue-notification.ts";
import { EMAIL } from "./support/claim-payloads.ts";
import { filedClaim } from "./support/claimant.ts";
import { FROM, parseMessage, SMTP_PASS, SMTP_USER } from "./support/mail-server.ts";
import { useNotificationOutbox } from "./support/notification-outbox.ts";
import { useServerTest } from "./support/server-test.ts";
import { outbox, requestCode, startClaim } from "./support/test-app.ts";

// A claim filed in Filipino gets its SMS and e-mails in Filipino (decision 0089): the code, the
// acknowledgment by SMS and through the SMTP server; one filed in English keeps the English words.

// The app's own worker, woken by the submit, may send before the test's: both send e-mail to the
// file's mail server, and the test waits until every message of the claim is sent, by either.
const server = useServerTest({
  env: () => ({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${mail.port}`,
    EMAIL_FROM: FROM,
  }),
});
const { mail, sendAllOf } = useNotificationOutbox(server);

const inFilipino = { headers: { [LOCALE_HEADER]: "fil" } };

describe("messages in the claim's language", () => {
  test("the code SMS of a claim started in Filipino is in Filipino", async () => {
    const claim = await startClaim(server.app, inFilipino);
    const sent = await requestCode(server.app, claim, undefined, inFilipino);
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = await outbox(server.app);
    expect(sms?.text).toMatch(
      /^Ang inyong claim code sa Kalinga Life ay \d{6}\. Mag-e-expire ito sa loob ng 5 minuto\. Huwag itong ibigay kaninuman\.$/,
    );
  });

  test("a claim filed in Filipino is acknowledged in Filipino by SMS and e-mail", async () => {
    const claim = await filedClaim(server.app, inFilipino);
    await sendAllOf(claim.webReferenceNumber);
    const texts = (await outbox(server.app)).map((message) => message.text);
    expect(texts.at(-1)).toBe(
      `Natanggap ng Kalinga Life ang claim ninyo, ref. ${claim.webReferenceNumber}. May update kami sa SMS at e-mail. Para sundan ito, gamitin ang Check claim status sa website.`,
    );
    const delivery = mail.received.find((received) => received.rcptTo.includes(EMAIL));
    const message = parseMessage(delivery?.raw ?? "");
    expect(message.headers.subject).toBe(
      `Natanggap namin ang inyong claim ${claim.webReferenceNumber}`,
    );
    expect(message.text).toContain("Ano ang susunod:");
    expect(message.text).toContain("Kalinga Life Claims");
    expect(message.html).toContain('<html lang="fil">');
    // The company's footer in the claim's language closes it, after the signature.
    expect(message.text.trimEnd().split("\n").slice(-3)).toEqual([
      "Kalinga Life Claims",
      "",
      "Kalinga Life Claims. Ipinadala ang mensaheng ito dahil may claim na inihain sa amin.",
    ]);
  });

  test("a Filipino SMS stays within one part; English stays as it was", () => {
    const facts = {
      webReferenceNumber: "KL-7KQ4-M9XP",
      companyName: "Kalinga Bank Life",
      claimType: "Living" as const,
      firstName: "Maria",
    };
    expect(acknowledgmentMessages({ ...facts, locale: "fil" }).sms.length).toBeLessThanOrEqual(160);
    expect(acknowledgmentMessages({ ...facts, locale: "xx" }).sms).toBe(
      acknowledgmentMessages(facts).sms,
    );
    expect(acknowledgmentMessages({ ...facts, locale: "fil" }).email.text).toContain(
      "Mahal na Maria,",
    );
  });
});
