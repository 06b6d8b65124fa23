import { describe, expect, test } from "vitest";
import { acknowledgmentMessages } from "../src/notifications/enqueue-notification.ts";

// The acknowledgment's wording: what was received, what happens next, how to follow the claim,
// and nothing a stranger reading the phone's lock screen or a forwarded e-mail should see.

// GSM 03.38 basic alphabet: an SMS in it takes 160 characters a part instead of 70.
const GSM_BASIC =
  /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

const living = {
  webReferenceNumber: "KL-7KQ4-M9XP",
  companyName: "Kalinga Bank Life",
  claimType: "Living" as const,
  firstName: "Maria",
};

describe("acknowledgment messages", () => {
  test("the SMS names the company and the reference, fits one GSM part, and names nobody", () => {
    const { sms } = acknowledgmentMessages(living);
    expect(sms).toBe(
      "Kalinga Bank Life received your claim, ref. KL-7KQ4-M9XP. We will update you by SMS and e-mail. To follow it, use Check claim status on our website.",
    );
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).toMatch(GSM_BASIC);
    expect(sms).not.toContain("Maria");
  });

  test("the e-mail says what happens next and how to follow the claim", () => {
    const { email } = acknowledgmentMessages(living);
    expect(email.subject).toBe("We received your claim KL-7KQ4-M9XP");
    expect(email.text).toBe(
      [
        "Dear Maria,",
        "",
        "Thank you for filing your living benefit claim with Kalinga Bank Life. We have received it.",
        "",
        "Your web reference number: KL-7KQ4-M9XP",
        "",
        "What happens next:",
        "1. Our claims team reviews your claim and the documents you sent.",
        "2. If we need another document, we will tell you by SMS and e-mail. You can send it from the claim status page.",
        "3. When we reach a decision, we will tell you by SMS and e-mail.",
        "",
        'To follow your claim, choose "Check claim status" on the claims page of our website and enter your web reference number, KL-7KQ4-M9XP.',
        "",
        "We will never ask you for a one-time PIN or a password by e-mail, SMS or phone call.",
        "",
        "Kalinga Bank Life Claims",
        "",
      ].join("\n"),
    );
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain("<strong>KL-7KQ4-M9XP</strong>");
    expect(email.html).toContain(
      "<li>Our claims team reviews your claim and the documents you sent.</li>",
    );
  });

  test("a death claim begins with condolences and names the insured only as the late person it is for", () => {
    const { email } = acknowledgmentMessages({ ...living, claimType: "Death", firstName: "" });
    expect(email.text).toMatch(/^Dear claimant,\n/);
    expect(email.text).toContain(
      "We are sorry for your loss. Thank you for filing the death claim with Kalinga Bank Life.",
    );
    const named = acknowledgmentMessages({
      ...living,
      claimType: "Death",
      firstName: "Josephine",
      lateInsured: "Josefina Santos",
    });
    expect(named.email.text).toMatch(/^Dear Josephine,\n/);
    expect(named.email.text).toContain(
      "Thank you for filing the death claim for the late Josefina Santos with Kalinga Bank Life.",
    );
    expect(named.sms).not.toContain("Josefina");
  });

  test("the HTML escapes what the claimant typed; an empty first name gets a plain greeting", () => {
    const { email } = acknowledgmentMessages({ ...living, firstName: '<b>Ana</b> & "Jo"' });
    expect(email.html).toContain("<p>Dear &lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Jo&quot;,</p>");
    expect(email.html).not.toContain("<b>Ana</b>");
    expect(acknowledgmentMessages({ ...living, firstName: "  " }).email.text).toMatch(
      /^Dear claimant,\n/,
    );
  });
});
