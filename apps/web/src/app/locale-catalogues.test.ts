import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DOCUMENT_CATALOGUE } from "@kalinga/domain/document-catalogue";
import {
  type Catalogue,
  catalogueProblems,
  featureOf,
  splitCatalogue,
} from "@kalinga/domain/localized-texts";
import { SLOT_LABEL_TEXTS } from "@kalinga/domain/upload-slots";
import { describe, expect, it } from "vitest";
import { WIDGET_FEATURES as FEATURES } from "./widget-features.ts";

// Every catalogue the service serves is checked against every widget feature declared with
// defineTexts: a locale file added later is checked here without a change to this test. The
// server's message keys ("sms-…", "messages-…") are checked by the server's own test.

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../server/content/locales",
);
// Catalogues only: "<locale>.page.json" is the page content of a locale, checked by the server.
const files = readdirSync(localesDir).filter((file) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(file));
const read = (file: string) =>
  splitCatalogue(JSON.parse(readFileSync(path.join(localesDir, file), "utf8")) as Catalogue).widget;

describe("the locale catalogues", () => {
  it("include Filipino", () => {
    expect(files).toContain("fil.json");
  });

  it.each(files)("%s has every key, no unknown key, and the English slots", (file) => {
    expect(catalogueProblems(FEATURES, read(file))).toEqual([]);
  });

  it.each(files)("%s leaves no text without words where the English has words", (file) => {
    const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ""));
    const english = new Map<string, string>(
      FEATURES.flatMap((texts) =>
        Object.entries(texts).map(([key, text]) => [`${featureOf(texts)}.${key}`, text] as const),
      ),
    );
    const empty = Object.entries(read(file)).filter(
      ([key, text]) => !hasWords(text) && hasWords(english.get(key) ?? ""),
    );
    expect(empty).toEqual([]);
  });

  it("name every catalogue document and every Step 4 slot in Filipino (decision 0091)", () => {
    const filipino = read("fil.json");
    const named = (key: string) => filipino[key]?.trim() ?? "";
    const unnamed = [
      ...DOCUMENT_CATALOGUE.map((entry) => `document-names.${entry.documentCd}`),
      ...Object.keys(SLOT_LABEL_TEXTS).map((documentCd) => `upload-slots.${documentCd}`),
    ].filter((key) => named(key) === "");
    expect(unnamed).toEqual([]);
    const english = Object.entries(filipino).filter(
      ([key, text]) =>
        /^(document-names|upload-slots)\./.test(key) && /\b(of the|your)\b/.test(text),
    );
    expect(english).toEqual([]);
    // A front or back is said in Filipino; an ID's own name (UMID, PhilHealth ID) stays as it is.
    const sides = DOCUMENT_CATALOGUE.filter((entry) => / \((front|back)\)$/.test(entry.typeOfId));
    for (const entry of sides) {
      expect(named(`document-names.${entry.documentCd}`)).toMatch(/ \((harap|likod)\)$/);
    }
    expect(named("document-names.D0509")).toBe("UMID (harap)");
    expect(named("document-names.D0532")).toBe("PhilHealth ID (likod)");
  });
});
