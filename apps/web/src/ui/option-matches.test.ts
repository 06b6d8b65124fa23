import { describe, expect, it } from "vitest";
import { optionMatches } from "./option-matches.ts";

const banks = [
  { label: "Bank of the Philippine Islands (BPI)", value: "BPI" },
  { label: "BDO Unibank", value: "BDO" },
  { label: "Land Bank of the Philippines (LANDBANK)", value: "LBP" },
  { label: "Philippine National Bank (PNB)", value: "PNB" },
];
const labelsFor = (text: string) => optionMatches(banks, text).map((bank) => bank.value);

describe("options a typed query finds", () => {
  it("puts a label starting with the query before one that only contains it", () => {
    expect(labelsFor("Land")).toEqual(["LBP", "BPI"]);
  });

  it("ranks a word that starts with the query above a match inside a word", () => {
    expect(labelsFor("phil")).toEqual(["PNB", "BPI", "LBP"]);
    expect(labelsFor("nibank")).toEqual(["BDO"]);
    expect(labelsFor("uni")).toEqual(["BDO"]);
  });

  it("keeps the list's order within a rank, and the whole list for an empty query", () => {
    expect(labelsFor("bank")).toEqual(["BPI", "LBP", "PNB", "BDO"]);
    expect(labelsFor("  ")).toEqual(["BPI", "BDO", "LBP", "PNB"]);
  });

  it("finds nothing for a query in no label", () => {
    expect(labelsFor("gcash")).toEqual([]);
  });
});
