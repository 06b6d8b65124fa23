import { createHash } from "node:crypto";
import type { ChannelId, CompanyId } from "@kalinga/domain/channel";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, type FieldError } from "../http/api-error.ts";
import { CHANNEL_IDS, COMPANY_IDS, type ContentStore, SUPPORTED_LOCALES } from "./content-store.ts";

// GET /api/content/page | app-config | notice. Public, with an ETag so a revalidation costs a 304:
// the page and app-config cacheable for 5 minutes; the notice revalidated on every read, since open
// filing screens poll it and must show a change within a minute (decision 0069). No api key:
// content carries no personal data and a plain GET needs no CORS preflight.

const CACHE_CONTROL = "public, max-age=300";
const NOTICE_CACHE_CONTROL = "public, no-cache";

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

export async function contentRoutes(app: FastifyInstance, options: { content: ContentStore }) {
  const { content } = options;

  app.get("/api/content/page", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const company = query.company ?? "first";
    const channel = query.channel ?? "corporate-website";
    const locale = typeof query.locale === "string" ? query.locale : "en";
    const errors: FieldError[] = [];
    if (!COMPANY_IDS.includes(company as CompanyId)) {
      errors.push({
        field: "company",
        message: `company must be one of ${COMPANY_IDS.join(", ")}.`,
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
      content.page(company as CompanyId, channel as ChannelId, served),
    );
  });

  app.get("/api/content/app-config", async (request, reply) => {
    return sendCached(request, reply, {
      data: { jsonByPath: { item: { appConfig: content.appConfig() } } },
    });
  });

  app.get("/api/content/notice", async (request, reply) => {
    let tip: Awaited<ReturnType<ContentStore["notice"]>>;
    try {
      tip = await content.notice();
    } catch (error) {
      // A notice file broken after start-up must not break the widget: show no notice instead.
      request.log.error({ err: error }, "notice file unreadable");
      return reply.code(404).send({ returnCode: "404", message: "No notice." });
    }
    return sendCached(
      request,
      reply,
      { item: { temporarilyUnavailableTip: tip } },
      NOTICE_CACHE_CONTROL,
    );
  });
}
