import type { Catalogue } from "@kalinga/domain/localized-texts";
import { loadMessageKeys } from "../ui/locale.ts";

// Catalogues come from the content service when a locale is chosen, never in the start bundle; each
// is fetched once per page and place and the browser's cache revalidates it by its ETag. English is fetched at
// start, beside the other start-up calls: its answer is only the insurer's published edits of the
// shipped English (decision 0092), usually none.

export type LocaleChoice = { locale: string; name: string };

const catalogues = new Map<string, Promise<Catalogue | null>>();

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

/** Where the widget is: its company and channel get the insurer's published words (decision 0090). */
type CataloguePlace = { apiBase: string; company: string; channel: string };

/** The query of a catalogue: the place, and the draft's preview token a console link put on the page. */
function catalogueQuery(place: CataloguePlace): string {
  const query = new URLSearchParams({ company: place.company, channel: place.channel });
  const preview = new URLSearchParams(window.location.search).get("kalinga-preview");
  if (preview) query.set("preview", preview);
  return query.toString();
}

/** The catalogue's texts in the service's answer; rejects when it has none. */
function textsOf(value: unknown): Catalogue {
  const texts = (value as { texts?: unknown }).texts;
  if (typeof texts !== "object" || texts === null) throw new Error("No texts.");
  return texts as Catalogue;
}

/**
 * The locale's catalogue; rejects when unavailable. For English, the insurer's edits of the shipped
 * defaults: null when there are none or they cannot be read, so English always shows.
 */
export function loadCatalogue(place: CataloguePlace, locale: string): Promise<Catalogue | null> {
  const url = `${place.apiBase}/content/texts/${encodeURIComponent(locale)}?${catalogueQuery(place)}`;
  let loading = catalogues.get(url);
  if (!loading) {
    const texts = getJson(url).then(textsOf);
    // English needs no message lookup: the specification's messages are never edited in English.
    loading =
      locale === "en"
        ? texts.then((edits) => (Object.keys(edits).length > 0 ? edits : null))
        : Promise.all([texts, loadMessageKeys()]).then(([catalogue]) => catalogue);
    // A failed load may succeed on the next choice: forget it.
    loading.catch(() => catalogues.delete(url));
    catalogues.set(url, loading);
  }
  return locale === "en" ? loading.catch(() => null) : loading;
}

/** The locales other than English the service has catalogues for; none when it cannot be read. */
export async function loadLocales(apiBase: string): Promise<LocaleChoice[]> {
  const value = await getJson(`${apiBase}/content/texts`);
  const locales = (value as { locales?: unknown }).locales;
  return Array.isArray(locales)
    ? locales.filter(
        (entry): entry is LocaleChoice =>
          typeof entry?.locale === "string" && typeof entry?.name === "string",
      )
    : [];
}
