import { describe, expect, it } from "vitest";
import { detectEnvironment, type EnvironmentHosts, loginPageUrl } from "./channel.ts";

const HOSTS: EnvironmentHosts = {
  DEV: ["dev", "localhost", "127.0.0.1"],
  SIT: ["sit"],
  UAT: ["uat"],
  PROD: ["kalinga.ph"],
};

describe("environment", () => {
  it("reads the environment from the company's host patterns, whole parts only", () => {
    expect(detectEnvironment("claims-dev.kalinga.ph", HOSTS)).toBe("DEV");
    expect(detectEnvironment("sit.kalinga.ph", HOSTS)).toBe("SIT");
    expect(detectEnvironment("uat-claims.kalinga.ph:8443", HOSTS)).toBe("UAT");
    expect(detectEnvironment("www.kalinga.ph", HOSTS)).toBe("PROD");
    expect(detectEnvironment("localhost:8080", HOSTS)).toBe("DEV");
    expect(detectEnvironment("127.0.0.1:19830", HOSTS)).toBe("DEV");
    // "device" holds "dev" but not as a part of its own.
    expect(detectEnvironment("device.kalinga.ph", HOSTS)).toBe("PROD");
  });

  it("is SIT when no pattern names the host, or no company is known", () => {
    expect(detectEnvironment("www.other-insurer.ph", HOSTS)).toBe("SIT");
    expect(detectEnvironment("claims-dev.kalinga.ph", null)).toBe("SIT");
  });

  it("falls back to SIT's login page", () => {
    expect(loginPageUrl("UAT", { SIT: "https://sit/login" })).toBe("https://sit/login");
    expect(loginPageUrl("PROD", { SIT: "https://sit/login", PROD: "https://prod/login" })).toBe(
      "https://prod/login",
    );
  });
});
