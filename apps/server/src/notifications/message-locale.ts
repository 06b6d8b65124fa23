import type { ChannelId } from "@kalinga/domain/channel";
import type { Catalogue, FeatureTexts } from "@kalinga/domain/localized-texts";
import { localize } from "@kalinga/domain/localized-texts";
import type { LocaleCatalogues } from "../content/locale-catalogues.ts";
import type { Queryable } from "../db/database.ts";

// The claimant's SMS and e-mails are written in the claim's language (decision 0089) from the
// published content of the claim's company and channel, over the locale's file, over the English
// defaults (decision 0096). The files are the deployment's, read once at start-up, so every sender
// of the process shares them; the published edits are each server's, handed to whoever queues.

let served: LocaleCatalogues | null = null;

/** The catalogues the messages use from now on; buildApp names them once it has read them. */
export function useMessageCatalogues(catalogues: LocaleCatalogues): void {
  served = catalogues;
}

/** The words a claim's messages are written in: its locale and the catalogue, null for English. */
export type MessageWords = { locale: string; catalogue: Catalogue | null };

/** Whose edits a message takes: the claim's company (its id, null when unknown), channel and locale. */
type MessagePlace = { companyId: string | null; channelName: string | null; locale: string };

/**
 * The words of a place's messages, from the published content the server keeps in memory; when
 * that is stale it is re-read through q, the caller's transaction.
 */
export type MessageWordsOf = (q: Queryable, place: MessagePlace) => Promise<MessageWords>;

/** The locale's file alone, without any company's edits: English for "en" or a locale without one. */
export function fileWords(locale: string): MessageWords {
  return { locale, catalogue: served?.catalogue(locale) ?? null };
}

/** A feature's message texts in these words: each key its catalogue text, else its English. */
export function messageTexts<T extends FeatureTexts>(texts: T, words: MessageWords): T {
  return localize(texts, words.catalogue);
}

/**
 * The words of each place's messages from the content's published edits: the claim's channel is
 * stored by its name, the content's places by the channel's id.
 */
export function messageWordsOf(
  content: {
    messageCatalogue(
      locale: string,
      place: { company: string; channel: string } | null,
      q: Queryable,
    ): Promise<Catalogue | null>;
  },
  channelNames: Readonly<Record<ChannelId, string>>,
): MessageWordsOf {
  const channelIds = new Map(Object.entries(channelNames).map(([id, name]) => [name, id]));
  return async (q, { companyId, channelName, locale }) => {
    const channel = channelName === null ? undefined : channelIds.get(channelName);
    const place = companyId !== null && channel ? { company: companyId, channel } : null;
    return { locale, catalogue: await content.messageCatalogue(locale, place, q) };
  };
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
