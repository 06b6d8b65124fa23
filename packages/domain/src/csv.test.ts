import { describe, expect, it } from "vitest";
import { type AgentClaim, agentClaimsCsv } from "./agent-claims.ts";
import { csvField, csvText } from "./csv.ts";

// Cells an attacker writes into a name so that the insurer's spreadsheet runs them.
const FORMULAS = [
  ['=HYPERLINK("http://x.example","open")', '"\'=HYPERLINK(""http://x.example"",""open"")"'],
  ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
  ["-2+3", "'-2+3"],
  ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
  ["\t=1+1", "'\t=1+1"],
  ["\r=1+1", '"\'\r=1+1"'],
] as const;

describe("csvField", () => {
  it.each(FORMULAS)("writes %j as text behind an apostrophe", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("leaves ordinary cells alone and quotes commas, quotes and line breaks", () => {
    expect(csvField("Jose Rizal")).toBe("Jose Rizal");
    expect(csvField(-3)).toBe("'-3");
    expect(csvField(12)).toBe("12");
    expect(csvField(null)).toBe("");
    expect(csvField("Peña, Ana")).toBe('"Peña, Ana"');
    expect(csvField('a "b"')).toBe('"a ""b"""');
    expect(csvField("a =b")).toBe("a =b");
  });

  it("writes a whole file with a byte-order mark and CRLF lines", () => {
    expect(
      csvText([
        ["a", "b"],
        ["=1", null],
      ]),
    ).toBe("\ufeffa,b\r\n'=1,\r\n");
  });
});

describe("agentClaimsCsv", () => {
  const claim: AgentClaim = {
    webReferenceNumber: "CF-2026-000001",
    insuredName: "x",
    policyNumber: "3798935572",
    claimInfo: { type: "Living", subType: "Accident" },
    status: "SUBMITTED",
    openRequirements: 0,
    submittedAt: "2026-11-20T02:00:00.000Z",
    daysOpen: 6,
    filedByAgent: true,
  };

  it.each(FORMULAS)(
    "neutralises an insured name %j in the agent's report",
    (insuredName, written) => {
      const [, row = ""] = agentClaimsCsv([{ ...claim, insuredName }]).split(/\r\n(?=CF-)/);
      expect(row.startsWith(`CF-2026-000001,${written},3798935572,`)).toBe(true);
    },
  );
});
