import { describe, expect, it } from "vitest";
import {
  type CompanyConfig,
  describeCompanyProblem,
  publicCompany,
  validateCompanies,
} from "./company-config.ts";
import { selectCompany } from "./company-selection.ts";

const LOCALES = ["en", "fil"];

function company(id: string, overrides: Partial<CompanyConfig> = {}): CompanyConfig {
  const texts = { displayName: id, memberPortalName: `${id} portal`, emailFooter: `${id} claims` };
  return {
    id,
    companyName: `Company ${id}`,
    texts: { en: texts, fil: texts },
    brand: { primaryColour: "#0a5bab", onPrimaryColour: "#ffffff" },
    sms: { sender: "Insurer" },
    email: { from: `Claims <claims@${id}.example>` },
    memberPortalUrl: "/customer-portal",
    loginPages: { SIT: "https://sit.example/login" },
    widgetApiKeyIds: { SIT: "key-282f2a" },
    environmentHosts: { DEV: ["dev", "localhost"], SIT: ["sit"], UAT: ["uat"], PROD: [] },
    selection: { default: false, pathPatterns: [], hostPatterns: [] },
    channelSegments: {
      "corporate-website": "help-support",
      "member-portal": "customer-portal",
      "agent-assist": "customer-portal-service",
    },
    ...overrides,
  };
}

const first = company("first", {
  selection: { default: true, pathPatterns: [], hostPatterns: [] },
});
const bank = company("bank-partner", {
  selection: { default: false, pathPatterns: ["bank-life"], hostPatterns: ["banklife"] },
});

function problemsOf(input: unknown) {
  const result = validateCompanies(input, LOCALES);
  if (result.ok) throw new Error("the set was accepted");
  return result.problems;
}

describe("validateCompanies", () => {
  it("accepts a valid set and keeps it as given", () => {
    const result = validateCompanies([first, bank], LOCALES);
    expect(result).toEqual({ ok: true, companies: [first, bank] });
  });

  it("refuses a bad colour, naming the company and the field", () => {
    const bad = { ...bank, brand: { ...bank.brand, primaryColour: "blue" } };
    const [problem] = problemsOf([first, bad]);
    expect(problem).toEqual({
      company: "bank-partner",
      field: "brand.primaryColour",
      message: "A colour is written #rrggbb, e.g. #0a5bab.",
    });
    expect(describeCompanyProblem(problem as never)).toBe(
      'Company "bank-partner", brand.primaryColour: A colour is written #rrggbb, e.g. #0a5bab.',
    );
    expect(
      problemsOf([first, { ...bad, brand: { ...bank.brand, onPrimaryColour: "#fff" } }]),
    ).toEqual([expect.objectContaining({ field: "brand.onPrimaryColour" })]);
  });

  it("refuses a logo that is not https, except plain http on the machine itself", () => {
    const withLogo = (logoUrl: string) => ({ ...bank, brand: { ...bank.brand, logoUrl } });
    const message =
      "A logo is an https:// address (http:// only on localhost or 127.0.0.1 for development).";
    for (const bad of [
      "http://cdn.example/logo.png",
      "javascript:alert(1)",
      'https://cdn.example/logo.png"onerror="x',
      "//cdn.example/logo.png",
      "https://",
    ]) {
      expect(problemsOf([first, withLogo(bad)]), bad).toEqual([
        { company: "bank-partner", field: "brand.logoUrl", message },
      ]);
    }
    for (const good of ["https://cdn.example/logo.png", "http://127.0.0.1:8080/logo.svg"]) {
      expect(validateCompanies([first, withLogo(good)], LOCALES).ok, good).toBe(true);
    }
  });

  it("refuses an allowed origin with a path or without a scheme", () => {
    const withOrigins = (allowedOrigins: string[]) => ({ ...bank, allowedOrigins });
    for (const bad of ["https://www.insurer.ph/claims", "www.insurer.ph", "ftp://insurer.ph"]) {
      expect(problemsOf([first, withOrigins([bad])]), bad).toEqual([
        {
          company: "bank-partner",
          field: "allowedOrigins.0",
          message:
            'An allowed origin is a scheme, host and optional port, e.g. "https://www.insurer.ph".',
        },
      ]);
    }
    const good = withOrigins(["https://www.insurer.ph", "http://127.0.0.1:19832"]);
    expect(validateCompanies([first, good], LOCALES).ok).toBe(true);
  });

  it("refuses environment host patterns that name the same hosts", () => {
    const withHosts = (environmentHosts: CompanyConfig["environmentHosts"]) => ({
      ...bank,
      environmentHosts,
    });
    expect(
      problemsOf([first, withHosts({ DEV: ["dev"], SIT: ["sit"], UAT: ["sit"], PROD: [] })]),
    ).toEqual([
      {
        company: "bank-partner",
        field: "environmentHosts.SIT",
        message: '"sit" also names the UAT environment.',
      },
    ]);
    expect(
      problemsOf([first, withHosts({ DEV: [], SIT: ["sit"], UAT: [], PROD: ["sit.insurer.ph"] })]),
    ).toEqual([
      {
        company: "bank-partner",
        field: "environmentHosts.SIT",
        message: '"sit" (SIT) and "sit.insurer.ph" (PROD) name the same hosts.',
      },
    ]);
    // Parts apart ("sit" and "site.insurer.ph") name different hosts; a bad pattern is refused.
    const apart = withHosts({ DEV: [], SIT: ["sit"], UAT: [], PROD: ["site.insurer.ph"] });
    expect(validateCompanies([first, apart], LOCALES).ok).toBe(true);
    expect(problemsOf([first, withHosts({ DEV: ["Dev*"], SIT: [], UAT: [], PROD: [] })])).toEqual([
      expect.objectContaining({ field: "environmentHosts.DEV.0" }),
    ]);
    const { environmentHosts: _hosts, ...without } = bank;
    expect(problemsOf([first, without])).toEqual([
      { company: "bank-partner", field: "environmentHosts", message: "This field is required." },
    ]);
  });

  it("refuses the same path pattern in two companies", () => {
    const other = company("other", {
      selection: { default: false, pathPatterns: ["bank-life"], hostPatterns: [] },
    });
    expect(problemsOf([first, bank, other])).toEqual([
      {
        company: "bank-partner",
        field: "selection.pathPatterns",
        message: '"bank-life" also selects company "other".',
      },
    ]);
  });

  it("refuses a path pattern inside another's and a host pattern inside another's", () => {
    const other = company("other", {
      selection: { default: false, pathPatterns: ["bank-life/ph"], hostPatterns: ["banklife.ph"] },
    });
    expect(problemsOf([first, bank, other]).map((p) => p.field)).toEqual([
      "selection.pathPatterns",
      "selection.hostPatterns",
    ]);
    // Segments apart ("bank" and "bank-life") select different pages.
    const apart = company("other", {
      selection: { default: false, pathPatterns: ["bank"], hostPatterns: [] },
    });
    expect(validateCompanies([first, bank, apart], LOCALES).ok).toBe(true);
  });

  it("refuses duplicate ids and company names", () => {
    expect(problemsOf([first, { ...bank, id: "first" }])).toContainEqual({
      company: "first",
      field: "id",
      message: "Another company has this id.",
    });
    expect(problemsOf([first, { ...bank, companyName: "company FIRST" }])).toEqual([
      {
        company: "bank-partner",
        field: "companyName",
        message: "Another company sends this company name.",
      },
    ]);
  });

  it("refuses a missing locale's texts, English and every deployment locale", () => {
    const noFil = { ...bank, texts: { en: bank.texts.en } as CompanyConfig["texts"] };
    expect(problemsOf([first, noFil])).toEqual([
      {
        company: "bank-partner",
        field: "texts.fil",
        message: 'The texts for locale "fil" are missing.',
      },
    ]);
    const noEn = { ...bank, texts: { fil: bank.texts.fil } as CompanyConfig["texts"] };
    expect(problemsOf([first, noEn]).map((p) => p.field)).toEqual(["texts.en"]);
  });

  it("refuses a set without exactly one default company", () => {
    const twoDefaults = { ...bank, selection: { ...bank.selection, default: true } };
    expect(problemsOf([first, twoDefaults])).toEqual([
      expect.objectContaining({ company: "bank-partner", field: "selection.default" }),
    ]);
    const none = { ...first, selection: { ...first.selection, default: false } };
    expect(problemsOf([none, bank]).map((p) => p.field)).toEqual(["selection.default"]);
  });

  it("refuses unknown fields, missing fields and what is not a list", () => {
    const { sms: _sms, ...noSms } = bank;
    expect(problemsOf([first, { ...noSms, apiKey: "secret" }])).toEqual(
      expect.arrayContaining([
        { company: "bank-partner", field: "sms", message: "This field is required." },
        {
          company: "bank-partner",
          field: "apiKey",
          message: "This field is not part of a company's configuration.",
        },
      ]),
    );
    expect(problemsOf({})[0]?.message).toBe("The configuration is a list of companies.");
    expect(problemsOf([])[0]?.message).toBe("At least one company is configured.");
  });

  it("refuses two channels on one path segment", () => {
    const bad = {
      ...bank,
      channelSegments: { ...bank.channelSegments, "agent-assist": "customer-portal" },
    };
    expect(problemsOf([first, bad]).map((p) => p.field)).toEqual([
      "channelSegments.member-portal",
      "channelSegments.agent-assist",
    ]);
  });
});

describe("selectCompany", () => {
  const set = [first, bank];

  it("selects by path pattern, then host pattern, else the default", () => {
    const at = (path: string, host: string) => selectCompany(set, { path, host })?.company.id;
    expect(at("/bank-life/help-support/claims", "x.ph")).toBe("bank-partner");
    expect(at("/help-support/claims", "www.banklife.ph")).toBe("bank-partner");
    expect(at("/help-support/claims", "www.kalinga.ph")).toBe("first");
    // A pattern is whole segments: "bank-lifestyle" is not "bank-life".
    expect(at("/bank-lifestyle/help-support", "www.kalinga.ph")).toBe("first");
  });

  it("reads the channel from the company's segments, agent assist first", () => {
    const channel = (path: string) => selectCompany(set, { path, host: "x" })?.channel;
    expect(channel("/customer-portal-service/claims")).toBe("agent-assist");
    expect(channel("/customer-portal/home")).toBe("member-portal");
    expect(channel("/help-support/claims/cf")).toBe("corporate-website");
  });

  it("keeps the member portal's stored company when it is configured", () => {
    const location = { path: "/customer-portal/x", host: "www.kalinga.ph" };
    expect(selectCompany(set, location, "bank-partner")?.company.id).toBe("bank-partner");
    expect(selectCompany(set, location, "gone")?.company.id).toBe("first");
    const website = { path: "/help-support", host: "www.kalinga.ph" };
    expect(selectCompany(set, website, "bank-partner")?.company.id).toBe("first");
  });

  it("serves the widget no senders and no key ids", () => {
    const shown = publicCompany(bank);
    expect(shown).not.toHaveProperty("sms");
    expect(shown).not.toHaveProperty("email");
    expect(shown).not.toHaveProperty("widgetApiKeyIds");
    expect(shown).not.toHaveProperty("allowedOrigins");
    expect(shown.environmentHosts).toEqual(bank.environmentHosts);
    expect(shown.companyName).toBe("Company bank-partner");
  });
});
