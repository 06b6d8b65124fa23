import { describe, expect, test } from "vitest";
import { readPortalUser } from "./portal-user.ts";

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${encode({ alg: "HS256" })}.${encode(claims)}.signature`;

describe("what the widget reads of a portal's assertion", () => {
  test("an agent's code; a member's assertion has none", () => {
    expect(readPortalUser(jwt({ agentCode: "AG-1001", sub: "agent" }))).toEqual({
      agentCode: "AG-1001",
    });
    expect(readPortalUser(jwt({ policies: ["1234567890"] }))).toEqual({ agentCode: "" });
    expect(readPortalUser(jwt({ agentCode: 7 }))).toEqual({ agentCode: "" });
  });

  test.each(["", "not-a-jwt", "a.%%%.c", `a.${encode({}).slice(0, 3)}x.c`])(
    "%j reads as no user",
    (assertion) => {
      expect(readPortalUser(assertion)).toBeNull();
    },
  );
});
