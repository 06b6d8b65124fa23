import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { englishCatalogue } from "@kalinga/domain/localized-texts";
import { describe, expect, it } from "vitest";
import { WIDGET_FEATURES } from "./widget-features.ts";

// The server checks an insurer's edits against every key's English (decision 0090) but cannot read
// the widget's texts files, so their English is kept beside the locale files, derived from them here.
// KALINGA_WRITE_ENGLISH_TEXTS=1 rewrites it after a texts file changes.

const file = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../server/content/english-texts.json",
);

describe("the English texts the server holds", () => {
  it("are every widget feature's English, as declared", () => {
    const expected = `${JSON.stringify(englishCatalogue(WIDGET_FEATURES), null, 2)}\n`;
    if (process.env.KALINGA_WRITE_ENGLISH_TEXTS === "1") writeFileSync(file, expected);
    expect(readFileSync(file, "utf8")).toBe(expected);
  });
});
