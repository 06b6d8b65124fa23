import type { Catalogue } from "@kalinga/domain/localized-texts";
import type { Queryable } from "../db/database.ts";

// The content_drafts and content_versions tables (migration 026): the draft of overrides per company,
// channel and locale, and the versions published from it, numbered from 1 per place.

export type ContentPlace = { company: string; channel: string; locale: string };

export type ContentDraft = { texts: Catalogue; updatedAt: string; updatedBy: string } | null;

export type ContentVersion = {
  number: number;
  texts: Catalogue;
  createdBy: string;
  publishedAt: string;
  publishedBy: string;
  rolledBackFrom: number | null;
};

type VersionRow = {
  company: string;
  channel: string;
  locale: string;
  number: number;
  texts: Catalogue;
  created_by: string;
  published_at: Date;
  published_by: string;
  rolled_back_from: number | null;
};

const versionOf = (row: VersionRow): ContentVersion => ({
  number: Number(row.number),
  texts: row.texts,
  createdBy: row.created_by,
  publishedAt: new Date(row.published_at).toISOString(),
  publishedBy: row.published_by,
  rolledBackFrom: row.rolled_back_from === null ? null : Number(row.rolled_back_from),
});

export async function readDraft(q: Queryable, place: ContentPlace): Promise<ContentDraft> {
  const { rows } = await q.query<{ texts: Catalogue; updated_at: Date; updated_by: string }>(
    `SELECT texts, updated_at, updated_by FROM content_drafts
     WHERE company = $1 AND channel = $2 AND locale = $3`,
    [place.company, place.channel, place.locale],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    texts: row.texts,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

export async function writeDraft(
  q: Queryable,
  place: ContentPlace,
  texts: Catalogue,
  change: { by: string; now: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO content_drafts (company, channel, locale, texts, updated_at, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)
     ON CONFLICT (company, channel, locale)
     DO UPDATE SET texts = EXCLUDED.texts, updated_at = EXCLUDED.updated_at,
       updated_by = EXCLUDED.updated_by`,
    [place.company, place.channel, place.locale, JSON.stringify(texts), change.now, change.by],
  );
}

/** Every version of a place, newest first. */
export async function readVersions(q: Queryable, place: ContentPlace): Promise<ContentVersion[]> {
  const { rows } = await q.query<VersionRow>(
    `SELECT * FROM content_versions WHERE company = $1 AND channel = $2 AND locale = $3
     ORDER BY number DESC`,
    [place.company, place.channel, place.locale],
  );
  return rows.map(versionOf);
}

/** The newest version of every place: what the widget is served. */
export async function readPublished(
  q: Queryable,
): Promise<(ContentPlace & { version: ContentVersion })[]> {
  const { rows } = await q.query<VersionRow>(
    `SELECT DISTINCT ON (company, channel, locale) * FROM content_versions
     ORDER BY company, channel, locale, number DESC`,
  );
  return rows.map((row) => ({
    company: row.company,
    channel: row.channel,
    locale: row.locale,
    version: versionOf(row),
  }));
}

/** Publishes texts as the place's next version, one publish of a place at a time. */
export async function insertVersion(
  q: Queryable,
  place: ContentPlace,
  version: {
    texts: Catalogue;
    createdBy: string;
    by: string;
    now: Date;
    rolledBackFrom: number | null;
  },
): Promise<ContentVersion> {
  const { rows } = await q.query<VersionRow>(
    `INSERT INTO content_versions
       (company, channel, locale, number, texts, created_by, published_at, published_by,
        rolled_back_from)
     SELECT $1, $2, $3, COALESCE(MAX(number), 0) + 1, $4::jsonb, $5, $6, $7, $8
       FROM content_versions WHERE company = $1 AND channel = $2 AND locale = $3
     RETURNING *`,
    [
      place.company,
      place.channel,
      place.locale,
      JSON.stringify(version.texts),
      version.createdBy,
      version.now,
      version.by,
      version.rolledBackFrom,
    ],
  );
  return versionOf(rows[0] as VersionRow);
}
