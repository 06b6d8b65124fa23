import { readFileSync } from "node:fs";
import path from "node:path";
import {
  completenessProblems,
  effectiveCatalogue,
  overrideProblems,
} from "@kalinga/domain/content-versions";
import { type Catalogue, splitCatalogue } from "@kalinga/domain/localized-texts";
import type { Database, Queryable } from "../db/database.ts";
import { messageEnglish } from "../notifications/message-features.ts";
import {
  type ContentPlace,
  insertVersion,
  readDraft,
  readPublished,
  readVersions,
  writeDraft,
} from "./content-version-repository.ts";
import type { LocaleCatalogues } from "./locale-catalogues.ts";

// The widget's words and the claimant's SMS and e-mails as the insurer edits them (decisions 0090,
// 0096): English ← the locale's file ← the newest published overrides of the company, channel and
// locale. Every server keeps the published set in memory and re-reads it when older than the
// refresh, so a publish reaches every server, its widget and its messages, without a restart.

/** Any fixed number: one publish at a time, so version numbers never collide. */
const CONTENT_PUBLISH_LOCK_KEY = 7_204_390;

/** The widget's English of every key, derived from its texts files and kept beside the locales. */
function readEnglishTexts(
  file = path.resolve(import.meta.dirname, "../../content/english-texts.json"),
): Catalogue {
  return Object.freeze(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>);
}

export type ContentTextsOptions = {
  english: Catalogue;
  catalogues: LocaleCatalogues;
  refreshSeconds: number;
  now: () => Date;
  warn: (detail: object, message: string) => void;
};

export type ContentTexts = ReturnType<typeof createContentTexts>;

const placeKey = (p: ContentPlace) => `${p.company}\u0000${p.channel}\u0000${p.locale}`;

/** The newest published overrides of every place, re-read when older than the refresh. */
function publishedCache(db: Database, options: ContentTextsOptions) {
  const { now } = options;
  const refreshMs = options.refreshSeconds * 1000;
  let cached: { published: Map<string, Catalogue>; loadedAt: number } | null = null;
  let loading: Promise<Map<string, Catalogue>> | null = null;

  /** Re-reads the set, through the caller's transaction when given (PGlite has one connection). */
  function reload(q: Queryable = db): Promise<Map<string, Catalogue>> {
    loading ??= readPublished(q)
      .then((rows) => {
        const published = new Map(rows.map((row) => [placeKey(row), row.version.texts]));
        cached = { published, loadedAt: now().getTime() };
        return published;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function published(q?: Queryable): Promise<Map<string, Catalogue>> {
    if (!cached) return reload(q);
    const age = now().getTime() - cached.loadedAt;
    if (age >= 0 && age < refreshMs) return cached.published;
    try {
      return await reload(q);
    } catch (error) {
      options.warn({ err: error }, "content versions not re-read; the last good set stays");
      return cached.published;
    }
  }
  return { reload, published };
}

/** Publishes texts as the place's next version, one publish at a time. */
function publishVersion(
  db: Database,
  place: ContentPlace,
  version: Parameters<typeof insertVersion>[2],
) {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [CONTENT_PUBLISH_LOCK_KEY]);
    return insertVersion(tx, place, version);
  });
}

/** The console's edits of a place: the draft, its check, publish and roll back. */
function contentEditing(
  db: Database,
  options: ContentTextsOptions,
  fileOf: (locale: string) => Catalogue | null,
  reload: () => Promise<unknown>,
) {
  const { english, now } = options;
  const check = async (place: ContentPlace) =>
    completenessProblems(
      english,
      place.locale,
      fileOf(place.locale),
      (await readDraft(db, place))?.texts ?? {},
    );
  return {
    draft: (place: ContentPlace) => readDraft(db, place),
    versions: (place: ContentPlace) => readVersions(db, place),
    check,

    /** Merges changes into the draft (null removes an override); refused with the problems. */
    async saveDraft(place: ContentPlace, changes: Record<string, string | null>, by: string) {
      const draft = { ...((await readDraft(db, place))?.texts ?? {}) } as Record<string, string>;
      const set: Record<string, string> = {};
      for (const [key, text] of Object.entries(changes)) {
        if (text === null) delete draft[key];
        else set[key] = text;
      }
      const problems = overrideProblems(english, place.locale, set);
      if (problems.length > 0) return { problems };
      const texts = { ...draft, ...set };
      await writeDraft(db, place, texts, { by, now: now() });
      return { texts };
    },

    /** Publishes the draft as the next version once the check finds nothing. */
    async publish(place: ContentPlace, by: string) {
      const problems = await check(place);
      if (problems.length > 0) return { problems };
      const draft = await readDraft(db, place);
      const texts = draft?.texts ?? {};
      const createdBy = draft?.updatedBy ?? by;
      const version = await publishVersion(db, place, {
        texts,
        createdBy,
        by,
        now: now(),
        rolledBackFrom: null,
      });
      await reload();
      return { version };
    },

    /** Publishes a copy of an earlier version; null when the place has no such version. */
    async rollBack(place: ContentPlace, number: number, by: string) {
      const earlier = (await readVersions(db, place)).find((v) => v.number === number);
      if (!earlier) return null;
      const { texts, createdBy } = earlier;
      const version = await publishVersion(db, place, {
        texts,
        createdBy,
        by,
        now: now(),
        rolledBackFrom: number,
      });
      await reload();
      return { version };
    },
  };
}

/** Each catalogue's widget part, split once: the texts call never sends the messages' keys. */
const widgetParts = new WeakMap<Catalogue, Catalogue>();
function widgetPart(catalogue: Catalogue): Catalogue {
  let part = widgetParts.get(catalogue);
  if (!part) {
    part = Object.freeze(splitCatalogue(catalogue).widget);
    widgetParts.set(catalogue, part);
  }
  return part;
}
const NO_OVERRIDES: Catalogue = Object.freeze({});

function createContentTexts(db: Database, options: ContentTextsOptions) {
  const { english, catalogues } = options;
  const cache = publishedCache(db, options);
  /** A locale the service serves: English, or one with a file. */
  const served = (locale: string) => locale === "en" || catalogues.catalogue(locale) !== null;
  /** The locale's whole file, the widget's keys and the messages' (decision 0096); none for English. */
  const fileOf = (locale: string): Catalogue | null =>
    locale === "en" ? null : catalogues.catalogue(locale);
  /** The newest published overrides of a place, from the cache. */
  const publishedAt = async (
    locale: string,
    place: { company: string; channel: string },
    q?: Queryable,
  ) => (await cache.published(q)).get(placeKey({ ...place, locale })) ?? NO_OVERRIDES;
  // The messages' catalogue of each published set and locale, merged once so localize's cache holds.
  const messageCatalogues = new WeakMap<Catalogue, Map<string, Catalogue>>();

  return {
    english,
    served,
    fileOf,
    /** The locales with a file, which the translators' CSV has a column each for. */
    locales: () => catalogues.list().map((entry) => entry.locale),
    ...contentEditing(db, options, fileOf, cache.reload),

    /**
     * The widget's part of the locale's file under the place's published overrides (its draft when
     * previewing); the widget falls back to its own English for the rest. Null for a locale not served.
     */
    async catalogue(
      locale: string,
      place: { company: string; channel: string } | null,
      preview = false,
    ): Promise<Catalogue | null> {
      if (!served(locale)) return null;
      let overrides: Catalogue = NO_OVERRIDES;
      if (place && preview) overrides = (await readDraft(db, { ...place, locale }))?.texts ?? {};
      else if (place) overrides = await publishedAt(locale, place);
      const file = fileOf(locale);
      return effectiveCatalogue(file && widgetPart(file), widgetPart(overrides));
    },

    /**
     * What a claimant's SMS and e-mails are written from: the locale's file under the published
     * overrides of the claim's company and channel (null place: the file alone). Null means the
     * English defaults. Read from the cache, so a message costs no query while it is fresh; a stale
     * set is re-read through q, the transaction the message is queued in.
     */
    async messageCatalogue(
      locale: string,
      place: { company: string; channel: string } | null,
      q: Queryable,
    ): Promise<Catalogue | null> {
      const file = fileOf(locale);
      if (!place || !served(locale)) return file;
      const overrides = await publishedAt(locale, place, q);
      if (overrides === NO_OVERRIDES) return file;
      let byLocale = messageCatalogues.get(overrides);
      if (!byLocale) {
        byLocale = new Map();
        messageCatalogues.set(overrides, byLocale);
      }
      let merged = byLocale.get(locale);
      if (!merged) {
        merged = effectiveCatalogue(file, overrides);
        byLocale.set(locale, merged);
      }
      return merged;
    },
  };
}

/** The locale files and the insurer's published edits over them. */
export function widgetTexts(
  db: Database,
  catalogues: LocaleCatalogues,
  config: {
    companies: { refreshSeconds: number };
    now: () => Date;
    warn: ContentTextsOptions["warn"];
  },
) {
  return createContentTexts(db, {
    english: Object.freeze({ ...readEnglishTexts(), ...messageEnglish() }),
    catalogues,
    refreshSeconds: config.companies.refreshSeconds,
    now: config.now,
    warn: config.warn,
  });
}
