import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { englishPageContent, type PageContent } from "@kalinga/content/page-content";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { testApp, testConfig } from "./support/test-app.ts";

const server = useServerTest({ scope: "file", clock: false });
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "kalinga-locales-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers });

/** A content folder with the notice it needs and the given locale files. */
async function contentDir(name: string, locales: Record<string, string>) {
  const dir = path.join(scratch, name);
  await mkdir(path.join(dir, "locales"), { recursive: true });
  await writeFile(
    path.join(dir, "notice.json"),
    JSON.stringify({
      title: "",
      content: "",
      startTime: "2024-01-01T00:00:00Z",
      endTime: "2024-01-01T00:00:00Z",
      showCloseStartTime: "2024-01-01T00:00:00Z",
      showCloseEndTime: "2024-01-01T00:00:00Z",
    }),
  );
  for (const [file, text] of Object.entries(locales))
    await writeFile(path.join(dir, "locales", file), text);
  return dir;
}

describe("GET /api/content/page in Filipino", () => {
  test("has the Filipino labels and tips of locales/fil.page.json; English keeps its own", async () => {
    const fil = (
      await get("/api/content/page?company=first&channel=corporate-website&locale=fil")
    ).json() as PageContent;
    expect(fil.microsite.mainInfo.insuredInformation.fields.firstName.label).toBe("Pangalan");
    expect(fil.reminder.proceedLabel).toBe("Magpatuloy");
    // What the file does not name stays as the insurer configured it.
    expect(fil.reminder.enrollUrl).toBe(englishPageContent.reminder.enrollUrl);
    const en = (
      await get("/api/content/page?company=first&channel=corporate-website&locale=en")
    ).json() as PageContent;
    expect(en.microsite.mainInfo.insuredInformation.fields.firstName.label).toBe("First name");
  });
});

describe("GET /api/content/texts", () => {
  test("lists the locales whose files are present, each named in its own language", async () => {
    const response = await get("/api/content/texts");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ locales: [{ locale: "fil", name: "Filipino" }] });
  });

  test("serves a locale's catalogue with an ETag, and a 304 to a request that holds it", async () => {
    const response = await get("/api/content/texts/fil");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-language"]).toBe("fil");
    const body = response.json() as { locale: string; texts: Record<string, string> };
    expect(body.locale).toBe("fil");
    expect(body.texts["start.title"]).toBe("Simulan ang inyong claim");
    const again = await get("/api/content/texts/fil", {
      "if-none-match": response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  test("a locale without a file is a 404", async () => {
    for (const locale of ["xx", "..%2Ffil"]) {
      const response = await get(`/api/content/texts/${locale}`);
      expect(response.statusCode).toBe(404);
    }
  });

  test("a third locale is a file added to the folder", async () => {
    const dir = await contentDir("third", {
      "fil.json": JSON.stringify({ "locale.name": "Filipino" }),
      "ceb.json": JSON.stringify({
        "locale.name": "Sinugbuanong Binisaya",
        "start.title": "Sugdi",
      }),
      "notes.txt": "not a locale",
    });
    const app = await testApp(server.db, testConfig({ KALINGA_CONTENT_DIR: dir }));
    try {
      const list = await app.inject({ method: "GET", url: "/api/content/texts" });
      expect(list.json()).toEqual({
        locales: [
          { locale: "ceb", name: "Sinugbuanong Binisaya" },
          { locale: "fil", name: "Filipino" },
        ],
      });
      const ceb = await app.inject({ method: "GET", url: "/api/content/texts/ceb" });
      expect(ceb.json()).toEqual({
        locale: "ceb",
        texts: { "locale.name": "Sinugbuanong Binisaya", "start.title": "Sugdi" },
      });
    } finally {
      await app.close();
    }
  });

  test("a broken or nameless locale file stops the server at start-up", async () => {
    const broken = await contentDir("broken", { "fil.json": "{ not json" });
    await expect(testApp(server.db, testConfig({ KALINGA_CONTENT_DIR: broken }))).rejects.toThrow(
      /fil\.json is not valid JSON/,
    );
    const nameless = await contentDir("nameless", { "fil.json": JSON.stringify({ a: "b" }) });
    await expect(testApp(server.db, testConfig({ KALINGA_CONTENT_DIR: nameless }))).rejects.toThrow(
      /must name its language/,
    );
    const notText = await contentDir("not-text", {
      "fil.json": JSON.stringify({ "locale.name": "Filipino", "start.title": 3 }),
    });
    await expect(testApp(server.db, testConfig({ KALINGA_CONTENT_DIR: notText }))).rejects.toThrow(
      /"start.title" must be a string/,
    );
  });
});
