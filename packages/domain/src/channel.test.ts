import { describe, expect, it } from "vitest";
import { detectChannel, detectCompany, detectEnvironment, loginPageUrl } from "./channel.ts";

describe("channel, company and environment", () => {
  it("reads the channel from the path, agent-assist first", () => {
    expect(detectChannel("/customer-portal-service/claims")).toBe("agent-assist");
    expect(detectChannel("/customer-portal/home")).toBe("member-portal");
    expect(detectChannel("/help-support/claims/cf")).toBe("corporate-website");
  });

  it("reads the company from path or host, or the member portal's stored value", () => {
    expect(detectCompany({ path: "/bank-life/help-support/claims", host: "x.ph" })).toBe(
      "bank-partner",
    );
    expect(detectCompany({ path: "/help-support/claims", host: "www.banklife.ph" })).toBe(
      "bank-partner",
    );
    expect(detectCompany({ path: "/help-support/claims", host: "www.kalinga.ph" })).toBe("first");
    expect(
      detectCompany({ path: "/customer-portal/x", host: "www.kalinga.ph" }, "bank-partner"),
    ).toBe("bank-partner");
  });

  it("reads the environment from the host", () => {
    expect(detectEnvironment("claims-dev.kalinga.ph")).toBe("DEV");
    expect(detectEnvironment("sit.kalinga.ph")).toBe("SIT");
    expect(detectEnvironment("uat-claims.kalinga.ph:8443")).toBe("UAT");
    expect(detectEnvironment("www.kalinga.ph")).toBe("PROD");
    expect(detectEnvironment("localhost:8080")).toBe("DEV");
  });

  it("falls back to SIT's login page", () => {
    expect(loginPageUrl("UAT", { SIT: "https://sit/login" })).toBe("https://sit/login");
    expect(loginPageUrl("PROD", { SIT: "https://sit/login", PROD: "https://prod/login" })).toBe(
      "https://prod/login",
    );
  });
});
