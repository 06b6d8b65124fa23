import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Catalogue } from "@kalinga/domain/localized-texts";

// The widget's catalogues other than English: one file per locale in <content>/locales, so the set of
// locales is the files present and a third locale is a data change. Read once at start-up so a broken
// file stops the server, not a claimant.

const LOCALE_FILE = /^([a-z]{2,3}(?:-[A-Z]{2})?)\.json$/;
/** The key each catalogue names its own language with, for the widget's switch. */
const NAME_KEY = "locale.name";

export type LocaleCatalogues = {
  /** Each locale with its name in its own language, sorted by locale. */
  list(): { locale: string; name: string }[];
  catalogue(locale: string): Catalogue | null;
};

function parseCatalogue(file: string): Catalogue {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Locale file ${file} is not valid JSON: ${reason}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`Locale file ${file} must be a JSON object of texts.`);
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== "string")
      throw new Error(`Locale file ${file}: "${key}" must be a string.`);
  }
  if (typeof (value as Record<string, unknown>)[NAME_KEY] !== "string")
    throw new Error(`Locale file ${file} must name its language under "${NAME_KEY}".`);
  return Object.freeze(value as Record<string, string>);
}

export function readLocaleCatalogues(contentDir: string): LocaleCatalogues {
  const dir = path.join(contentDir, "locales");
  const catalogues = new Map<string, Catalogue>();
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  for (const file of files) {
    const locale = LOCALE_FILE.exec(file)?.[1];
    if (locale && locale !== "en") catalogues.set(locale, parseCatalogue(path.join(dir, file)));
  }
  return {
    list: () =>
      [...catalogues].map(([locale, catalogue]) => ({
        locale,
        name: catalogue[NAME_KEY] as string,
      })),
    catalogue: (locale) => catalogues.get(locale) ?? null,
  };
}
