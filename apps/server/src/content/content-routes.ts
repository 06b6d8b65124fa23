import { createHash } from "node:crypto";
import type { TemporarilyUnavailableTip } from "@kalinga/content/page-content";
import type { ChannelId } from "@kalinga/domain/channel";
import { type CompanyConfig, publicCompany } from "@kalinga/domain/company-config";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, type FieldError } from "../http/api-error.ts";
import { CHANNEL_IDS, type ContentStore, SUPPORTED_LOCALES } from "./content-store.ts";
import type { ContentTexts } from "./content-texts.ts";
import type { ContentPlace } from "./content-version-repository.ts";
import type { LocaleCatalogues } from "./locale-catalogues.ts";

// GET /api/content/page | app-config | claim-guide | companies | notice | texts[/<locale>]. Public, with an ETag so a revalidation costs a 304:
// the page and app-config cacheable for 5 minutes; the notice revalidated on every read, since open
// filing screens poll it and must show a change within a minute (decision 0069). No api key:
// content carries no personal data and a plain GET needs no CORS preflight.

const CACHE_CONTROL = "public, max-age=300";
const NOTICE_CACHE_CONTROL = "public, no-cache";
/** A company's change reaches the widget within the minute every server re-reads the table in. */
const COMPANIES_CACHE_CONTROL = "public, max-age=60";

function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
  cacheControl = CACHE_CONTROL,
) {
  const body = JSON.stringify(value);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  reply.header("cache-control", cacheControl).header("etag", etag);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return reply.code(304).send();
  }
  return reply.type("application/json; charset=utf-8").send(body);
}

type ContentRouteOptions = {
  content: ContentStore;
  companies: () => Promise<readonly CompanyConfig[]>;
  catalogues: LocaleCatalogues;
  /** The catalogues with the insurer's published edits, or a draft to preview (decision 0090). */
  texts: ContentTexts;
  /** The place a preview token shows the draft of; null when the token is bad or ended. */
  previewPlace: (token: string) => ContentPlace | null;
  /** The notice scheduled from the console for a company and channel (decision 0086). */
  scheduledNotice: (
    company: string,
    channel: ChannelId,
  ) => Promise<TemporarilyUnavailableTip | null>;
};

export async function contentRoutes(app: FastifyInstance, options: ContentRouteOptions) {
  const { content, companies, scheduledNotice } = options;

  app.get("/api/content/page", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const configured = await companies();
    const ids = configured.map((c) => c.id);
    const company = query.company ?? configured.find((c) => c.selection.default)?.id;
    const channel = query.channel ?? "corporate-website";
    const locale = typeof query.locale === "string" ? query.locale : "en";
    const errors: FieldError[] = [];
    if (typeof company !== "string" || !ids.includes(company)) {
      errors.push({
        field: "company",
        message: `company must be one of ${ids.join(", ")}.`,
      });
    }
    if (!CHANNEL_IDS.includes(channel as ChannelId)) {
      errors.push({
        field: "channel",
        message: `channel must be one of ${CHANNEL_IDS.join(", ")}.`,
      });
    }
    if (errors.length > 0) throw badRequest(errors);
    const served = (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? locale : "en";
    reply.header("content-language", served);
    return sendCached(
      request,
      reply,
      content.page(company as string, channel as ChannelId, served),
    );
  });

  // Section 7's claim-guide page configuration in the asked locale (English when it is not served);
  // a company or channel it does not know gets the locale's default.
  app.get("/api/content/claim-guide", async (request, reply) => {
    const { company, channel, locale } = request.query as Record<string, unknown>;
    const known = (await companies()).some((configured) => configured.id === company);
    const served = (SUPPORTED_LOCALES as readonly unknown[]).includes(locale)
      ? (locale as string)
      : "en";
    const guide =
      known && CHANNEL_IDS.includes(channel as ChannelId)
        ? content.claimGuide(company as string, channel as ChannelId, served)
        : content.claimGuide(null, "corporate-website", served);
    reply.header("content-language", served);
    return sendCached(request, reply, guide);
  });

  app.get("/api/content/app-config", async (request, reply) => {
    return sendCached(request, reply, {
      data: { jsonByPath: { item: { appConfig: content.appConfig() } } },
    });
  });

  // What the widget needs of each company to pick one and show it: no senders, no key ids.
  app.get("/api/content/companies", async (request, reply) => {
    const list = (await companies()).map(publicCompany);
    return sendCached(request, reply, { companies: list }, COMPANIES_CACHE_CONTROL);
  });

  app.get("/api/content/notice", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let tip: TemporarilyUnavailableTip;
    try {
      // The console's notice for this company and channel first; the file when it has none.
      const { company, channel } = query;
      const scheduled =
        typeof company === "string" && CHANNEL_IDS.includes(channel as ChannelId)
          ? await scheduledNotice(company, channel as ChannelId)
          : null;
      tip = scheduled ?? (await content.notice());
    } catch (error) {
      // A notice unreadable after start-up must not break the widget: show no notice instead.
      request.log.error({ err: error }, "notice unreadable");
      return reply.code(404).send({ returnCode: "404", message: "No notice." });
    }
    return sendCached(
      request,
      reply,
      { item: { temporarilyUnavailableTip: tip } },
      NOTICE_CACHE_CONTROL,
    );
  });

  await textsRoutes(app, options);
}

/** The locales the widget can switch to, and one locale's catalogue, fetched only when chosen. */
async function textsRoutes(
  app: FastifyInstance,
  options: Pick<ContentRouteOptions, "catalogues" | "texts" | "previewPlace">,
) {
  const { catalogues, texts, previewPlace } = options;
  app.get("/api/content/texts", async (request, reply) =>
    sendCached(request, reply, { locales: catalogues.list() }),
  );

  // A company and channel get their published edits; a valid preview token of that place its draft.
  app.get("/api/content/texts/:locale", async (request, reply) => {
    const { locale } = request.params as { locale: string };
    const query = request.query as Record<string, unknown>;
    const { company, channel, preview } = query;
    const place =
      typeof company === "string" && CHANNEL_IDS.includes(channel as ChannelId)
        ? { company, channel: channel as string }
        : null;
    const previewed = typeof preview === "string" ? previewPlace(preview) : null;
    const previewing =
      place !== null &&
      previewed?.company === place.company &&
      previewed.channel === place.channel &&
      previewed.locale === locale;
    const catalogue = await texts.catalogue(locale, place, previewing);
    if (catalogue === null) {
      return reply
        .code(404)
        .send({ returnCode: "404", message: `No texts for the locale "${locale}".` });
    }
    reply.header("content-language", locale);
    // A place's words are asked for at every widget start and revalidated each time (a 304 when
    // unchanged), so a publish shows on the next visit once the server has re-read it (decision 0092).
    const cacheControl = previewing
      ? "private, no-store"
      : place
        ? NOTICE_CACHE_CONTROL
        : CACHE_CONTROL;
    return sendCached(request, reply, { locale, texts: catalogue }, cacheControl);
  });
}
