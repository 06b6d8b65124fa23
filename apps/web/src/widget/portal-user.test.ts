import { describe, expect, test } from "vitest";
import { readPortalUser } from "./portal-user.ts";

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${encode({ alg: "HS256" })}.${encode(claims)}.signature`;

describe("what the widget reads of a portal's assertion", () => {
  test("a member's policies and an agent's code", () => {
    expect(readPortalUser(jwt({ policies: ["1234567890", 7, "2234567891"] }))).toEqual({
      policies: ["1234567890", "2234567891"],
      agentCode: "",
    });
    expect(readPortalUser(jwt({ agentCode: "AG-1001", sub: "agent" }))).toEqual({
      policies: [],
      agentCode: "AG-1001",
    });
  });

  test.each(["", "not-a-jwt", "a.%%%.c", `a.${encode({}).slice(0, 3)}x.c`])(
    "%j reads as no user",
    (assertion) => {
      expect(readPortalUser(assertion)).toBeNull();
    },
  );
});
