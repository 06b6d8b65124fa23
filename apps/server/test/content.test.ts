import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { englishClaimGuide, filipinoClaimGuide } from "@kalinga/content/claim-guide";
import { countryOptions } from "@kalinga/content/countries";
import { englishPageContent, type PageContent } from "@kalinga/content/page-content";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { testApp, testConfig } from "./support/test-app.ts";

const server = useServerTest({ scope: "file", clock: false });
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "kalinga-content-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers });

describe("GET /api/content/page", () => {
  test("serves the English page content with the country list, cacheable with an ETag", async () => {
    const response = await get(
      "/api/content/page?company=first&channel=corporate-website&locale=en",
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.headers["content-language"]).toBe("en");
    expect(response.json()).toEqual({
      ...englishPageContent,
      dropdownList: { ...englishPageContent.dropdownList, country: countryOptions("en") },
    });
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/api/content/page?company=first&channel=corporate-website&locale=en", {
      "if-none-match": etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  test("the bank-partner company has its own enrol address; the portal's name is the company's", async () => {
    const page = (
      await get("/api/content/page?company=bank-partner&channel=corporate-website")
    ).json() as PageContent;
    expect(page.reminder.enrollUrl).toBe("/bank-life/customer-portal/enroll");
    // The widget fills {memberPortal} with the company's configured name (decision 0093).
    expect(page.reminder.enrollLabel).toBe("Enroll in {memberPortal}");
    expect(page.reminder.proceedLabel).toBe(englishPageContent.reminder.proceedLabel);
    expect(page.microsite).toEqual(englishPageContent.microsite);
  });

  test("Filipino gets Filipino country names; an unknown locale gets English", async () => {
    const fil = await get("/api/content/page?company=first&channel=member-portal&locale=fil");
    expect(fil.headers["content-language"]).toBe("fil");
    expect((fil.json() as PageContent).dropdownList.country).toEqual(countryOptions("fil"));
    const unknown = await get("/api/content/page?company=first&channel=agent-assist&locale=xx");
    expect(unknown.headers["content-language"]).toBe("en");
  });

  test("an unknown company or channel answers 400", async () => {
    const response = await get("/api/content/page?company=acme&channel=kiosk");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      returnCode: "400",
      errors: [{ field: "company" }, { field: "channel" }],
    });
  });

  test("needs no api key, but another origin is refused", async () => {
    expect((await get("/api/content/page")).statusCode).toBe(200);
    expect((await get("/api/content/page", { origin: "https://evil.example" })).statusCode).toBe(
      403,
    );
  });
});

describe("GET /api/content/app-config", () => {
  test("serves data.jsonByPath.item.appConfig", async () => {
    const response = await get("/api/content/app-config");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const appConfig = (
      response.json() as { data: { jsonByPath: { item: { appConfig: Record<string, unknown> } } } }
    ).data.jsonByPath.item.appConfig;
    expect(appConfig).toMatchObject({
      memberPortalUrl: { first: "/customer-portal", "bank-partner": "/bank-life/customer-portal" },
      loginPages: {
        DEV: expect.any(String),
        SIT: expect.any(String),
        UAT: expect.any(String),
        PROD: expect.any(String),
      },
      analytics: { enabled: false },
    });
  });
});

describe("GET /api/content/claim-guide", () => {
  const configurationOf = (tree: {
    items: { id: string; element: { pageConfiguration: string } }[];
  }) =>
    Object.fromEntries(
      tree.items.map((item) => [item.id, JSON.parse(item.element.pageConfiguration)]),
    );

  test("the English default is a tree of items, each an id and its configuration as JSON text, with an ETag", async () => {
    const response = await get("/api/content/claim-guide?company=first&channel=corporate-website");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(configurationOf(response.json())).toEqual(englishClaimGuide);
    const again = await get("/api/content/claim-guide?company=first&channel=corporate-website", {
      "if-none-match": response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  test("the bank-partner company's corporate website has its own guide; its other channels the default", async () => {
    const bank = await get(
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website",
    );
    expect(configurationOf(bank.json()).overview.title).toBe(
      "What to prepare for your Bank Life claim",
    );
    const portal = await get("/api/content/claim-guide?company=bank-partner&channel=member-portal");
    expect(configurationOf(portal.json())).toEqual(englishClaimGuide);
    const unknown = await get("/api/content/claim-guide?company=nobody&channel=corporate-website");
    expect(configurationOf(unknown.json())).toEqual(englishClaimGuide);
  });

  test("the guide in Filipino: the company's own Filipino file, else the Filipino default; an unknown locale gets English", async () => {
    const bank = await get(
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website&locale=fil",
    );
    expect(bank.headers["content-language"]).toBe("fil");
    expect(configurationOf(bank.json()).overview.title).toBe(
      "Ano ang ihahanda para sa inyong Bank Life claim",
    );
    expect(configurationOf(bank.json()).Living.whoMayFile).toContain("Bank Life account holder");
    const english = await get(
      "/api/content/claim-guide?company=bank-partner&channel=corporate-website",
    );
    expect(bank.headers.etag).not.toBe(english.headers.etag);
    const portal = await get(
      "/api/content/claim-guide?company=bank-partner&channel=member-portal&locale=fil",
    );
    expect(configurationOf(portal.json())).toEqual(filipinoClaimGuide);
    const unknown = await get(
      "/api/content/claim-guide?company=nobody&channel=agent-assist&locale=fil",
    );
    expect(configurationOf(unknown.json())).toEqual(filipinoClaimGuide);
    const klingon = await get(
      "/api/content/claim-guide?company=first&channel=corporate-website&locale=tlh",
    );
    expect(klingon.headers["content-language"]).toBe("en");
    expect(configurationOf(klingon.json())).toEqual(englishClaimGuide);
  });
});

describe("GET /api/content/notice", () => {
  test("the default notice's window is in the past", async () => {
    const response = await get(
      "/api/content/notice?company=first&channel=corporate-website&locale=en",
    );
    expect(response.statusCode).toBe(200);
    const tip = (response.json() as { item: { temporarilyUnavailableTip: Record<string, string> } })
      .item.temporarilyUnavailableTip;
    expect(Object.keys(tip).sort()).toEqual(
      ["content", "endTime", "showCloseEndTime", "showCloseStartTime", "startTime", "title"].sort(),
    );
    expect(Date.parse(tip.endTime as string)).toBeLessThan(Date.now());
  });

  afterEach(async () => {
    await rm(path.join(scratch, "notice.json"), { force: true });
  });

  test("the notice is revalidated on every read, a 304 when it did not change", async () => {
    // Open filing screens poll it: a browser or proxy cache must not hold a change back.
    const response = await get("/api/content/notice");
    expect(response.headers["cache-control"]).toBe("public, no-cache");
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/api/content/notice", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
  });

  test("KALINGA_NOTICE_FILE is served and re-read on each call", async () => {
    const file = path.join(scratch, "notice.json");
    const notice = {
      title: "Maintenance tonight",
      content: "Claim filing pauses from 10 PM to 2 AM.",
      startTime: "2026-03-01T22:00:00+08:00",
      endTime: "2099-03-02T02:00:00+08:00",
      showCloseStartTime: "2026-03-01T22:00:00+08:00",
      showCloseEndTime: "2099-03-02T02:00:00+08:00",
    };
    await writeFile(file, JSON.stringify(notice));
    const noticeApp = await testApp(server.db, testConfig({ KALINGA_NOTICE_FILE: file }));
    try {
      const first = await noticeApp.inject({ method: "GET", url: "/api/content/notice" });
      expect(first.json()).toEqual({ item: { temporarilyUnavailableTip: notice } });
      await writeFile(file, JSON.stringify({ ...notice, title: "Maintenance moved" }));
      const second = await noticeApp.inject({ method: "GET", url: "/api/content/notice" });
      expect(second.json()).toMatchObject({
        item: { temporarilyUnavailableTip: { title: "Maintenance moved" } },
      });
      // Broken after start-up: no notice rather than an error page.
      await writeFile(file, "{ not json");
      expect(
        (await noticeApp.inject({ method: "GET", url: "/api/content/notice" })).statusCode,
      ).toBe(404);
    } finally {
      await noticeApp.close();
    }
  });

  test("a notice file that is broken at start-up stops the server", async () => {
    const file = path.join(scratch, "notice.json");
    await writeFile(file, JSON.stringify({ title: "No times" }));
    await expect(testApp(server.db, testConfig({ KALINGA_NOTICE_FILE: file }))).rejects.toThrow(
      /"content" must be a string/,
    );
  });
});

describe("content folder", () => {
  test("a company-and-channel file overrides the company file", async () => {
    const dir = path.join(scratch, "content");
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    await writeFile(
      path.join(dir, "notice.json"),
      JSON.stringify({
        title: "t",
        content: "c",
        startTime: "2024-01-01T00:00:00Z",
        endTime: "2024-01-01T00:00:00Z",
        showCloseStartTime: "2024-01-01T00:00:00Z",
        showCloseEndTime: "2024-01-01T00:00:00Z",
      }),
    );
    await writeFile(
      path.join(dir, "first.json"),
      JSON.stringify({ reminder: { title: "Company title" } }),
    );
    await writeFile(
      path.join(dir, "first.member-portal.json"),
      JSON.stringify({ reminder: { title: "Portal title" }, dropdownList: { company: [] } }),
    );
    const contentApp = await testApp(server.db, testConfig({ KALINGA_CONTENT_DIR: dir }));
    try {
      const website = (
        await contentApp.inject({
          method: "GET",
          url: "/api/content/page?company=first&channel=corporate-website",
        })
      ).json() as PageContent;
      const portal = (
        await contentApp.inject({
          method: "GET",
          url: "/api/content/page?company=first&channel=member-portal",
        })
      ).json() as PageContent;
      expect(website.reminder.title).toBe("Company title");
      expect(website.dropdownList.company).toEqual(englishPageContent.dropdownList.company);
      expect(portal.reminder.title).toBe("Portal title");
      expect(portal.reminder.body).toBe(englishPageContent.reminder.body);
      expect(portal.dropdownList.company).toEqual([]);
    } finally {
      await contentApp.close();
    }
  });
});
