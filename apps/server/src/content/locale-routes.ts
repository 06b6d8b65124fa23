import type { FastifyInstance } from "fastify";
import { sendCached } from "./content-routes.ts";
import type { LocaleCatalogues } from "./locale-catalogues.ts";

// GET /api/content/texts: the locales the widget can switch to; GET /api/content/texts/<locale>: one
// locale's catalogue, fetched by the widget only when a claimant chooses it. Public and cacheable
// with an ETag, like the page content: a catalogue holds no personal data.

export async function localeRoutes(
  app: FastifyInstance,
  options: { catalogues: LocaleCatalogues },
) {
  const { catalogues } = options;

  app.get("/api/content/texts", async (request, reply) =>
    sendCached(request, reply, { locales: catalogues.list() }),
  );

  app.get("/api/content/texts/:locale", async (request, reply) => {
    const { locale } = request.params as { locale: string };
    const texts = catalogues.catalogue(locale);
    if (texts === null) {
      return reply
        .code(404)
        .send({ returnCode: "404", message: `No texts for the locale "${locale}".` });
    }
    reply.header("content-language", locale);
    return sendCached(request, reply, { locale, texts });
  });
}
