import type { Catalogue } from "@kalinga/domain/localized-texts";
import { loadMessageKeys } from "../ui/locale.ts";

// Catalogues come from the content service when a locale is chosen, never in the start bundle; each
// is fetched once per page and the browser's cache revalidates it by its ETag.

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

/** The locale's catalogue; null for English, whose texts are the defaults; rejects when unavailable. */
export function loadCatalogue(place: CataloguePlace, locale: string): Promise<Catalogue | null> {
  if (locale === "en") return Promise.resolve(null);
  let loading = catalogues.get(locale);
  if (!loading) {
    const query = catalogueQuery(place);
    loading = Promise.all([
      getJson(`${place.apiBase}/content/texts/${encodeURIComponent(locale)}?${query}`),
      loadMessageKeys(),
    ]).then(([value]) => {
      const texts = (value as { texts?: unknown }).texts;
      if (typeof texts !== "object" || texts === null) throw new Error("No texts.");
      return texts as Catalogue;
    });
    // A failed load may succeed on the next choice: forget it.
    loading.catch(() => catalogues.delete(locale));
    catalogues.set(locale, loading);
  }
  return loading;
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
