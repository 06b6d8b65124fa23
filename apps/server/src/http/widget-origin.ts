import type { WidgetOriginAnswer } from "@kalinga/domain/widget-origin";
import type { FastifyInstance } from "fastify";
import { type OriginList, originAllowed, WIDGET_ORIGIN_ROUTE } from "./cors.ts";

// GET /api/widget/origin (decision 0082): the browser hides a CORS refusal from the widget, so the
// widget asks here whether its page's origin is allowed and says so on screen. Any origin may read
// the answer: it is one boolean about the caller's own origin, with no data and no credentials.

export async function widgetOriginRoutes(app: FastifyInstance, options: { listed: OriginList }) {
  app.get(WIDGET_ORIGIN_ROUTE, async (request, reply) => {
    const origin = request.headers.origin;
    // No Origin: a same-origin page or no browser at all, which CORS does not restrict.
    const answer: WidgetOriginAnswer = {
      allowed: origin === undefined || (await originAllowed(origin, request, options.listed)),
    };
    return reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", "no-store")
      .header("vary", "Origin")
      .send(answer);
  });
}
