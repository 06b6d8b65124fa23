import { TEST_COMPANIES } from "@kalinga/domain/fixtures/companies";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../session/session-test-support.ts";
import { loadCompanies } from "./company-client.ts";
import { resolveWidgetSetting } from "./widget-options.ts";

// The widget's company and channel come from the service's companies and the page's location.

const options = { apiBase: "/api", apiKey: "k", routerBase: "/", locale: "en" };
const at = (pathname: string, host = "www.kalinga.example") => ({ pathname, host }) as Location;

beforeEach(() => {
  vi.stubGlobal("sessionStorage", new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("resolveWidgetSetting", () => {
  it("sends the selected company's name and takes its colours", () => {
    const bank = resolveWidgetSetting(
      options,
      at("/bank-life/help-support/claims"),
      TEST_COMPANIES,
    );
    expect(bank).toMatchObject({
      company: "bank-partner",
      companyName: "Kalinga Bank Life",
      channel: "corporate-website",
      channelName: "Corporate Website",
      brand: { primaryColour: "#1f3b73" },
    });
    const first = resolveWidgetSetting(options, at("/customer-portal-service/x"), TEST_COMPANIES);
    expect(first).toMatchObject({ companyName: "Kalinga Life", channelName: "Agent Assist" });
  });

  it("reads the environment from the company's host patterns and takes its login page", () => {
    const company = TEST_COMPANIES[0];
    if (!company) throw new Error("the fixtures have a first company");
    const withPages = {
      ...company,
      loginPages: { SIT: "https://sit.portal.example/login", PROD: "https://portal.example/login" },
    };
    const where = (host: string) =>
      resolveWidgetSetting(options, at("/help-support", host), [withPages]);
    expect(where("www.kalinga.example")).toMatchObject({
      environment: "PROD",
      loginPage: "https://portal.example/login",
      memberPortalUrl: "/customer-portal",
      companyTexts: company.texts,
    });
    // UAT has no login page of its own: SIT's serves; a host no pattern names is SIT.
    expect(where("uat.kalinga.example")).toMatchObject({
      environment: "UAT",
      loginPage: "https://sit.portal.example/login",
    });
    expect(where("claims.elsewhere.example").environment).toBe("SIT");
  });

  it("keeps the member portal's stored company", () => {
    sessionStorage.setItem("kalinga:company", "bank-partner");
    const setting = resolveWidgetSetting(options, at("/customer-portal/claims"), TEST_COMPANIES);
    expect(setting.companyName).toBe("Kalinga Bank Life");
  });

  it("without companies, names none and leaves the page's theme", () => {
    const setting = resolveWidgetSetting(options, at("/bank-life/help-support"), []);
    expect(setting).toMatchObject({
      company: "",
      companyName: "",
      brand: null,
      companyTexts: null,
      loginPage: null,
      environment: "SIT",
    });
  });
});

describe("loadCompanies", () => {
  it("reads the service's companies", async () => {
    const fetch = vi.fn(async () => Response.json({ companies: TEST_COMPANIES }));
    vi.stubGlobal("fetch", fetch);
    expect(await loadCompanies("/api", 1000)).toEqual(TEST_COMPANIES);
    expect(fetch).toHaveBeenCalledWith("/api/content/companies", expect.anything());
  });

  it("answers none when the service refuses or is too slow", async () => {
    vi.stubGlobal("fetch", async () => new Response("down", { status: 503 }));
    expect(await loadCompanies("/api", 1000)).toEqual([]);
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    expect(await loadCompanies("/api", 10)).toEqual([]);
  });
});
