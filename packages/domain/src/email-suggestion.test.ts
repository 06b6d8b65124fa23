import { describe, expect, it } from "vitest";
import { suggestEmailFix } from "./email-suggestion.ts";

describe("suggestEmailFix", () => {
  it("fixes a slip in a known provider's name", () => {
    expect(suggestEmailFix("luisa@gmial.com")).toBe("luisa@gmail.com");
    expect(suggestEmailFix("luisa@gmail.con")).toBe("luisa@gmail.com");
    expect(suggestEmailFix("luisa@yaho.com")).toBe("luisa@yahoo.com");
    expect(suggestEmailFix("luisa@gnail.com")).toBe("luisa@gmail.com");
    expect(suggestEmailFix("luisa@hotmial.com")).toBe("luisa@hotmail.com");
    expect(suggestEmailFix("luisa@outlok.com")).toBe("luisa@outlook.com");
    expect(suggestEmailFix("luisa@yahoo.com.hp")).toBe("luisa@yahoo.com.ph");
    expect(suggestEmailFix("luisa@icloud.co")).toBe("luisa@icloud.com");
  });

  it("keeps the part before the @ as typed and compares the domain in any case", () => {
    expect(suggestEmailFix("Ma.Luisa+claims@GMIAL.COM")).toBe("Ma.Luisa+claims@gmail.com");
  });

  it("fixes a .com ending typed as .con on any domain", () => {
    expect(suggestEmailFix("ana@dela-cruz-trading.con")).toBe("ana@dela-cruz-trading.com");
    expect(suggestEmailFix("ana@company.cpm")).toBe("ana@company.com");
  });

  it("leaves known providers and other real domains alone", () => {
    for (const address of [
      "luisa@gmail.com",
      "luisa@yahoo.com.ph",
      "luisa@ymail.com",
      "luisa@mail.com",
      "ana@up.edu.ph",
      "ana@ust.edu.ph",
      "ana@outlook.de",
      "ana@hotmail.co.uk",
      "ana@yahoo.co.jp",
      "ana@kalinga.ph",
    ]) {
      expect(suggestEmailFix(address), address).toBeNull();
    }
  });

  it("says nothing while there is no domain to fix", () => {
    expect(suggestEmailFix("")).toBeNull();
    expect(suggestEmailFix("luisa")).toBeNull();
    expect(suggestEmailFix("luisa@")).toBeNull();
    expect(suggestEmailFix("@gmial.com")).toBeNull();
  });
});
