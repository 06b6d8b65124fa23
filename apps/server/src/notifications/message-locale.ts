import type { Catalogue, FeatureTexts } from "@kalinga/domain/localized-texts";
import { localize } from "@kalinga/domain/localized-texts";
import type { LocaleCatalogues } from "../content/locale-catalogues.ts";

// The claimant's SMS and e-mails are written in the claim's language from the same catalogue files the
// widget reads (decision 0089). The files are the deployment's, read once at start-up, so every sender
// of the process shares them rather than each being handed them.

let served: LocaleCatalogues | null = null;

/** The catalogues the messages use from now on; buildApp names them once it has read them. */
export function useMessageCatalogues(catalogues: LocaleCatalogues): void {
  served = catalogues;
}

/** A feature's message texts in the claim's locale: English for "en" or a locale without a file. */
export function messageTexts<T extends FeatureTexts>(texts: T, locale: string): T {
  const catalogue: Catalogue | null = served?.catalogue(locale) ?? null;
  return localize(texts, catalogue);
}

/** A date as claimants write it in that language: "February 24, 2027" in English. */
export function messageDate(isoDate: string, locale: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(`${locale}-PH`, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
