import { CONTENT_REQUEST_MESSAGES } from "@kalinga/domain/content-calls";
import type { OverrideProblem } from "@kalinga/domain/content-versions";
import type { CatalogueProblem } from "@kalinga/domain/localized-texts";
import type { ContentPlace } from "../../content/content-version-repository.ts";
import { previewToken } from "../../content/preview-token.ts";
import type { ConsoleCallHandlers, ConsoleServices } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// The widget's words and the claimant's messages edited by a content editor (decisions 0090, 0096): the draft of a company, channel
// and locale, its completeness check, publish and roll back (each audited with the version), and
// a preview token. A company not configured or a locale not served is refused before anything.

type ContentHandlers = Pick<
  ConsoleCallHandlers,
  | "readContent"
  | "saveContentDraft"
  | "checkContent"
  | "publishContent"
  | "listContentVersions"
  | "rollBackContent"
  | "previewContent"
>;

const R = CONTENT_REQUEST_MESSAGES;

/** Why a text is refused; placeholders that differ are named, since the English says which. */
const whyRefused = (p: CatalogueProblem | OverrideProblem) =>
  p.problem === "slots" ? R.slotsOf(p.key, p.expected, p.found) : R[p.problem];

/** The problems as the console's 400: the key as the field, the problem as the rule. */
const refuseProblems = (
  prefix: string,
  problems: readonly (CatalogueProblem | OverrideProblem)[],
) =>
  refuse.invalid(
    problems.map((p) => ({ field: `${prefix}${p.key}`, rule: p.problem, message: whyRefused(p) })),
  );

export function contentHandlers(services: ConsoleServices): ContentHandlers {
  const { texts, companies, now, secret } = services;
  /** A refusal when the place names no configured company or no served locale. */
  async function badPlace(place: ContentPlace) {
    if (!(await companies.companies()).some((c) => c.id === place.company))
      return refuse.field("company", "one-of", R.badCompany);
    if (!texts.served(place.locale)) return refuse.field("locale", "one-of", R.badLocale);
    return null;
  }
  const placeOf = ({ company, channel, locale }: ContentPlace) => ({ company, channel, locale });

  return {
    async readContent({ query }) {
      const place = placeOf(query);
      const bad = await badPlace(place);
      if (bad) return bad;
      const draft = await texts.draft(place);
      const versions = await texts.versions(place);
      return {
        english: { ...texts.english },
        file: { ...(texts.fileOf(place.locale) ?? {}) },
        draft: { ...(draft?.texts ?? {}) },
        updatedAt: draft?.updatedAt ?? null,
        updatedBy: draft?.updatedBy ?? null,
        published: versions[0]?.number ?? null,
      };
    },

    async saveContentDraft({ body, staff, record }) {
      const place = placeOf(body);
      const bad = await badPlace(place);
      if (bad) return bad;
      const saved = await texts.saveDraft(place, body.texts, staff.email);
      if (saved.problems) return refuseProblems("texts.", saved.problems);
      await record("content.draft", null, { ...place, changes: body.texts });
      return { draft: { ...saved.texts } };
    },

    async checkContent({ query }) {
      const place = placeOf(query);
      return (await badPlace(place)) ?? { problems: await texts.check(place) };
    },

    async publishContent({ body, staff, record }) {
      const place = placeOf(body);
      const bad = await badPlace(place);
      if (bad) return bad;
      const published = await texts.publish(place, staff.email);
      if (published.problems) return refuseProblems("", published.problems);
      await record("content.publish", null, { ...place, version: published.version.number });
      return { version: published.version };
    },

    async listContentVersions({ query }) {
      const place = placeOf(query);
      return (await badPlace(place)) ?? { versions: await texts.versions(place) };
    },

    async rollBackContent({ body, staff, record }) {
      const place = placeOf(body);
      const bad = await badPlace(place);
      if (bad) return bad;
      const rolled = await texts.rollBack(place, body.number, staff.email);
      if (!rolled) return refuse.notFound(M.contentVersionNotFound);
      const detail = { ...place, version: rolled.version.number, copyOf: body.number };
      await record("content.roll-back", null, detail);
      return { version: rolled.version };
    },

    async previewContent({ body, record }) {
      const place = placeOf(body);
      const bad = await badPlace(place);
      if (bad) return bad;
      const preview = previewToken(secret, place, now());
      await record("content.preview", null, { ...place, expiresAt: preview.expiresAt });
      return preview;
    },
  };
}
