import { describe, expect, it } from "vitest";
import { detectEnvironment, loginPageUrl } from "./channel.ts";

describe("environment", () => {
  it("reads the environment from the host, PROD when none matches", () => {
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
