import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTENT_REQUEST_MESSAGES } from "@kalinga/domain/content-calls";
import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { type Signed, signInClient } from "./support/sign-in-client.ts";

// The translators' CSV (decision 0090) through the console's calls: the export, its import back,
// fields the server reads with csv-parse (quotes, commas, line breaks), and a file refused whole,
// a malformed one with a message that says why, leaving the drafts as they were.

const server = useServerTest();
const { call, signedInAs, get, auditActions } = signInClient(server);

const QUERY = "company=first&channel=corporate-website";
const FIL_TITLE = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../content/locales/fil.json"), "utf8"),
  ) as Record<string, string>
)["claimDetails.title"];

const editor = () => signedInAs("content-editor");
const importCsv = (who: Signed, csv: string) =>
  call("/content/import", {
    body: { company: "first", channel: "corporate-website", csv },
    cookie: who.cookie,
    csrf: who.csrf,
  });
const filDraft = async (who: Signed) =>
  (await get(who, `/content?${QUERY}&locale=fil`)).json().draft;

describe("the translators' CSV", () => {
  test("exports the locales side by side and imports into the drafts", async () => {
    const who = await editor();
    const exported = await get(who, `/content.csv?${QUERY}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    const lines = exported.body.replace(/^\ufeff/, "").split("\r\n");
    expect(lines[0]).toBe("key,English,fil");
    expect(lines).toContain(`claimDetails.title,Claim details,${FIL_TITLE}`);
    // The export read back changes nothing.
    const back = await importCsv(who, exported.body);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ changed: {} });

    const bad = "key,English,fil\nclaimDetails.title,x,Ano ang nangyari\nno.key,x,y\n";
    const refused = await importCsv(who, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({
        field: "csv",
        rule: "unknown",
        message: expect.stringContaining("Row 3"),
      }),
    ]);
    expect(await filDraft(who)).toEqual({});

    const imported = await importCsv(
      who,
      "key,English,fil\nclaimDetails.title,x,Ano ang nangyari\n",
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ changed: { fil: 1 } });
    expect(await filDraft(who)).toEqual({ "claimDetails.title": "Ano ang nangyari" });
    expect(await auditActions()).toEqual(
      expect.arrayContaining(["content.export", "content.import"]),
    );
  });

  test("reads a quoted field with commas, doubled quotes and a line break, and a BOM", async () => {
    const who = await editor();
    const file =
      '\ufeffkey,English,fil\r\nclaimDetails.title,x,"Ano, ""po"", ang\nnangyari"\r\notp.tip,"a, b",Tip\n';
    const imported = await importCsv(who, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ changed: { fil: 2 } });
    expect(await filDraft(who)).toEqual({
      "claimDetails.title": 'Ano, "po", ang\nnangyari',
      "otp.tip": "Tip",
    });
  });

  test("refuses a malformed file with a message that says why, and changes nothing", async () => {
    const who = await editor();
    const unclosed = 'key,English,fil\nclaimDetails.title,x,"Ano ang nangyari\notp.tip,x,Tip\n';
    const refused = await importCsv(who, unclosed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: "csv", rule: "unreadable", message: CONTENT_REQUEST_MESSAGES.unclosedQuote },
    ]);
    const strayQuote = 'key,English,fil\nclaimDetails.title,x,"Ano" po\n';
    const stray = await importCsv(who, strayQuote);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual([
      { field: "csv", rule: "unreadable", message: CONTENT_REQUEST_MESSAGES.unreadableCsv(2) },
    ]);
    expect(await filDraft(who)).toEqual({});
    expect(await auditActions()).not.toContain("content.import");
  });
});
