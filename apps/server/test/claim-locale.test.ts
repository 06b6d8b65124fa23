import { LOCALE_HEADER } from "@kalinga/domain/claim-api-names";
import { describe, expect, test } from "vitest";
import { filedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { basicInformation, callClaim, requestCode, startClaim } from "./support/test-app.ts";

// The claim's language (decision 0089): named by the widget on every claim call, recorded at the
// start, followed while the claim is a draft, kept once it is submitted; unknown ones are English.

const server = useServerTest();
const inLocale = (locale: string) => ({ headers: { [LOCALE_HEADER]: locale } });

async function localeOf(webReferenceNumber: string): Promise<string | undefined> {
  const { rows } = await server.db.query<{ locale: string }>(
    "SELECT locale FROM claims WHERE web_reference_number = $1",
    [webReferenceNumber],
  );
  return rows[0]?.locale;
}

describe("the claim's language", () => {
  test("a claim started in Filipino is recorded in Filipino; one naming none is English", async () => {
    const filipino = await startClaim(server.app, inLocale("fil"));
    const plain = await startClaim(server.app);
    expect(await localeOf(filipino.webReferenceNumber)).toBe("fil");
    expect(await localeOf(plain.webReferenceNumber)).toBe("en");
  });

  test("a locale without a catalogue is taken as English, and the call goes on", async () => {
    const claim = await startClaim(server.app, inLocale("xx"));
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
    const sent = await requestCode(server.app, claim, undefined, inLocale("fil"));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await localeOf(claim.webReferenceNumber)).toBe("fil");
  });

  test("a draft follows the last language chosen; a call naming none keeps it", async () => {
    const claim = await startClaim(server.app, inLocale("fil"));
    const body = { basicInformation, webReferenceNumber: claim.webReferenceNumber };
    const options = { token: claim.token };
    await callClaim(server.app, "validateReferenceNumber", body, { ...options, ...inLocale("en") });
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
    await callClaim(server.app, "validateReferenceNumber", body, options);
    expect(await localeOf(claim.webReferenceNumber)).toBe("en");
  });

  test("a submitted claim keeps the language it was submitted in", async () => {
    const claim = await filedClaim(server.app, inLocale("fil"));
    const body = { basicInformation, webReferenceNumber: claim.webReferenceNumber };
    const answer = await callClaim(server.app, "validateReferenceNumber", body, {
      token: claim.token,
      ...inLocale("en"),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await localeOf(claim.webReferenceNumber)).toBe("fil");
  });
});
