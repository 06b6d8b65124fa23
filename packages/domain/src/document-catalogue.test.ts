import { describe, expect, it } from "vitest";
import {
  acceptedValidIds,
  type CatalogueEntry,
  catalogueEntrySchema,
  coversNature,
  DOCUMENT_CATALOGUE,
  DOCUMENT_NAME_TEXTS,
  documentNameKey,
  documentsToPrepare,
  findCatalogueEntry,
  isPerBeneficiary,
  requestNameKey,
} from "./document-catalogue.ts";
import { featureOf, localize } from "./localized-texts.ts";

const death = DOCUMENT_CATALOGUE.filter((entry) => entry.claimType === "Death");
const living = DOCUMENT_CATALOGUE.filter((entry) => entry.claimType === "Living");

function duplicates(values: string[]): string[] {
  return values.filter((value, i) => values.indexOf(value) !== i);
}

describe("document catalogue", () => {
  it("holds about 250 entries", () => {
    expect(DOCUMENT_CATALOGUE.length).toBeGreaterThanOrEqual(230);
    expect(DOCUMENT_CATALOGUE.length).toBeLessThanOrEqual(270);
    expect(death.length).toBe(136);
    expect(living.length).toBe(108);
  });

  it("gives every entry the section 3 shape and no other field", () => {
    for (const entry of DOCUMENT_CATALOGUE) {
      const result = catalogueEntrySchema.safeParse(entry);
      expect(result.success, `${entry.documentCd}: ${JSON.stringify(entry)}`).toBe(true);
      expect(Object.keys(entry).sort()).toEqual([
        "claimType",
        "docType",
        "docTypeCode",
        "documentCd",
        "natureOfDeath",
        "tranTypeCode",
        "typeOfId",
      ]);
    }
  });

  it("refuses a living entry with a death code and the reverse", () => {
    const base: CatalogueEntry = {
      claimType: "Living",
      docType: "Mandatory",
      documentCd: "L0999",
      natureOfDeath: "AC",
      docTypeCode: "LMED999",
      typeOfId: "Something",
      tranTypeCode: "ABC-MIN",
    };
    expect(catalogueEntrySchema.safeParse(base).success).toBe(true);
    expect(catalogueEntrySchema.safeParse({ ...base, tranTypeCode: "ABC-MAJ" }).success).toBe(
      false,
    );
    expect(catalogueEntrySchema.safeParse({ ...base, tranTypeCode: "ABC[X]-MIN" }).success).toBe(
      false,
    );
    expect(
      catalogueEntrySchema.safeParse({
        ...base,
        claimType: "Death",
        documentCd: "D0999",
        docTypeCode: "DMED999",
      }).success,
    ).toBe(false);
  });

  it("keeps documentCd, tranTypeCode and typeOfId unique", () => {
    expect(duplicates(DOCUMENT_CATALOGUE.map((entry) => entry.documentCd))).toEqual([]);
    expect(duplicates(DOCUMENT_CATALOGUE.map((entry) => entry.tranTypeCode))).toEqual([]);
    expect(duplicates(DOCUMENT_CATALOGUE.map((e) => `${e.claimType}:${e.typeOfId}`))).toEqual([]);
  });

  it("ends death codes in -MAJ and living codes in -MIN, [X] only on death codes", () => {
    for (const entry of death) {
      expect(entry.tranTypeCode).toMatch(/^[A-Z0-9]{3}(\[X\])?-MAJ$/);
      expect(entry.documentCd.startsWith("D") && entry.docTypeCode.startsWith("D")).toBe(true);
    }
    for (const entry of living) {
      expect(entry.tranTypeCode).toMatch(/^[A-Z0-9]{3}-MIN$/);
      expect(entry.documentCd.startsWith("L") && entry.docTypeCode.startsWith("L")).toBe(true);
    }
  });

  it("files the beneficiary's papers per beneficiary and the insured's once", () => {
    const perBeneficiary = [
      "VIF[X]-MAJ",
      "VIB[X]-MAJ",
      "GIF[X]-MAJ",
      "GIB[X]-MAJ",
      "UMF[X]-MAJ",
      "MRC[X]-MAJ",
      "MBC[X]-MAJ",
      "GAF[X]-MAJ",
      "BKP[X]-MAJ",
      "MKP[X]-MAJ",
      "W9F[X]-MAJ",
      "W8B[X]-MAJ",
    ];
    const once = ["DTC-MAJ", "PSD-MAJ", "MR5-MAJ", "PLR-MAJ", "SEC-MAJ", "CRI-MAJ", "INF-MAJ"];
    const codes = new Set(death.map((entry) => entry.tranTypeCode));
    for (const code of [...perBeneficiary, ...once]) expect(codes.has(code), code).toBe(true);
    // Everything that names a beneficiary, a minor or a guardian is filed per beneficiary.
    for (const entry of death) {
      if (/beneficiary|minor|guardian/i.test(entry.typeOfId) && !/insured/.test(entry.typeOfId)) {
        expect(isPerBeneficiary(entry), entry.typeOfId).toBe(true);
      }
      if (/ of the insured/.test(entry.typeOfId)) {
        expect(isPerBeneficiary(entry), entry.typeOfId).toBe(false);
      }
    }
  });

  it("gives valid IDs front and back the LIDC001 and DIDC001 types", () => {
    for (const entry of DOCUMENT_CATALOGUE) {
      const isValidId = / \((front|back)\)$/.test(entry.typeOfId);
      const type = entry.claimType === "Death" ? "DIDC001" : "LIDC001";
      expect(entry.docTypeCode === type, entry.typeOfId).toBe(isValidId);
    }
  });

  it("lists 18 accepted IDs for each side", () => {
    for (const claimType of ["Death", "Living"] as const) {
      const front = acceptedValidIds(claimType, "front").map((entry) => entry.typeOfId);
      const back = acceptedValidIds(claimType, "back").map((entry) => entry.typeOfId);
      expect(front).toHaveLength(18);
      expect(back).toHaveLength(18);
      expect(front).toContain("UMID (front)");
      expect(front).toContain("PhilSys national ID (front)");
      expect(back).toContain("PWD ID (back)");
    }
    expect(acceptedValidIds("Death", "front")[0]?.tranTypeCode).toBe("UMF[X]-MAJ");
    expect(acceptedValidIds("Living", "back")[0]?.tranTypeCode).toBe("UMB-MIN");
  });

  it("finds an entry by documentCd and tells its nature", () => {
    const police = findCatalogueEntry("D0301");
    expect(police?.tranTypeCode).toBe("PLR-MAJ");
    expect(police && coversNature(police, "AC")).toBe(true);
    expect(police && coversNature(police, "IL")).toBe(false);
    const certificate = findCatalogueEntry("D0101");
    expect(certificate && coversNature(certificate, "IL")).toBe(true);
    expect(findCatalogueEntry("X0000")).toBeUndefined();
  });

  it("cannot be changed at run time", () => {
    expect(Object.isFrozen(DOCUMENT_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(DOCUMENT_CATALOGUE[0])).toBe(true);
  });
});

describe("documents to prepare, for the claim guide", () => {
  it("are the claim type's mandatory documents, those of accidents marked", () => {
    const living = documentsToPrepare("Living");
    expect(living).toContainEqual({
      documentCd: "L0201",
      name: "Attending physician's statement",
      accidentOnly: false,
    });
    expect(living).toContainEqual({
      documentCd: "L0301",
      name: "Police or narration report",
      accidentOnly: true,
    });
    expect(living.map((d) => d.name)).not.toContain("Laboratory results");
    const death = documentsToPrepare("Death").map((d) => d.name);
    expect(death).toContain("PSA death certificate of the insured");
    expect(death).not.toContain("Attending physician's statement");
  });
});

describe("document names as keyed texts (decision 0091)", () => {
  it("are every catalogue entry's English name under its number, the payload's typeOfId", () => {
    expect(featureOf(DOCUMENT_NAME_TEXTS)).toBe("document-names");
    expect(Object.keys(DOCUMENT_NAME_TEXTS)).toEqual(DOCUMENT_CATALOGUE.map((e) => e.documentCd));
    for (const entry of DOCUMENT_CATALOGUE) {
      expect(DOCUMENT_NAME_TEXTS[entry.documentCd]).toBe(entry.typeOfId);
    }
  });

  it("read in a locale's words, each name the catalogue lacks staying English", () => {
    const named = localize(DOCUMENT_NAME_TEXTS, {
      "document-names.D0101": "PSA death certificate ng insured",
    });
    expect(named.D0101).toBe("PSA death certificate ng insured");
    expect(named.D0301).toBe("Police report");
    // The catalogue the claims system reads keeps its English.
    expect(findCatalogueEntry("D0101")?.typeOfId).toBe("PSA death certificate of the insured");
  });

  it("name a request by its document only when the examiner kept the catalogue's name", () => {
    const name = "PSA death certificate of the insured";
    expect(requestNameKey({ documentCd: "D0101", description: name })).toBe("document-names.D0101");
    expect(requestNameKey({ documentCd: "D0101", description: ` ${name} ` })).toBe(
      documentNameKey("D0101"),
    );
    expect(
      requestNameKey({ documentCd: "D0101", description: `${name}, with the registry's stamp` }),
    ).toBeNull();
    expect(requestNameKey({ documentCd: "D0102", description: name })).toBeNull();
    expect(requestNameKey({ documentCd: null, description: name })).toBeNull();
    expect(requestNameKey({ documentCd: "D9999", description: name })).toBeNull();
  });
});
