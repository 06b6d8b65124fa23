import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { PortalConfig } from "../config/portal-config.ts";
import {
  DEMO_SITES,
  type DemoPortalEmbed,
  type DemoSite,
  FAVICON_SVG,
  renderDemoPage,
  renderMemberPortalPage,
} from "./demo-page.ts";
import { DEMO_PORTAL_USERS, portalBases, signDemoAssertion } from "./demo-portal.ts";

// The built widget under /widget/ (always served) and the demo host pages (only with KALINGA_DEMO=true,
// never in production). Every path under a site's router base serves the same page, so a reload on a deep
// link such as /help-support/claims/claims-details works.

export type DemoRoutesOptions = {
  widgetDir: string;
  apiKey: string;
  allowedOrigins: string[];
  /** The assertions' settings; with the development secret the portal pages are signed in. */
  portal: PortalConfig | null;
  now: () => Date;
};

/** The demo agent-assist page may say which journey "/" opens, as the portal's menu would. */
const ROUTE_NAMES = new Set(["claims-filing", "claims-tracking", "claims-report"]);
const ROUTE_NAME_ITEM = "kalinga:route-name";

/** Nonce-based CSP; 'strict-dynamic' lets widget.js load its chunks by dynamic import. */
function pageCsp(nonce: string, allowedOrigins: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // blob: for the thumbnails of photos the claimant chose, drawn from the local file.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ["frame-ancestors 'self'", ...allowedOrigins].join(" "),
  ].join("; ");
}

const HASHED_FILE = /^(chunks|assets)\//;

export async function widgetRoutes(app: FastifyInstance, options: { widgetDir: string }) {
  await app.register(fastifyStatic, {
    root: options.widgetDir,
    prefix: "/widget/",
    // widget.js.br and .gz sit beside each file (written by the widget build); ETag and
    // Last-Modified are @fastify/static's own.
    preCompressed: true,
    cacheControl: false,
    index: false,
    dotfiles: "ignore",
    setHeaders(reply, file) {
      const relative = path.relative(options.widgetDir, file).split(path.sep).join("/");
      // Hashed files never change; the loader widget.js keeps its name across releases, so it is
      // kept 5 minutes and then revalidated by its ETag (decision 0082).
      reply.header(
        "cache-control",
        HASHED_FILE.test(relative) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
      // Module scripts are fetched in CORS mode, so insurer pages on other origins need this.
      reply.header("access-control-allow-origin", "*");
      reply.header("cross-origin-resource-policy", "cross-origin");
    },
  });
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * The content-hashed entry the loader (widget.js) imports and the files it imports statically, from
 * the build's manifest: the page preloads them with widget.js instead of the browser finding them
 * one round trip later. Read per page, as the widget may be rebuilt while the server runs.
 */
function filesOfWidgetEntry(widgetDir: string): string[] {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(widgetDir, ".vite", "manifest.json"), "utf8"),
    ) as Record<string, ManifestChunk>;
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
    const files = new Set<string>();
    const visit = (keys: string[] = []) => {
      for (const key of keys) {
        const chunk = manifest[key];
        if (chunk && !files.has(chunk.file)) {
          files.add(chunk.file);
          visit(chunk.imports);
        }
      }
    };
    visit(entry ? [entry[0]] : []);
    return [...files].filter((file) => file !== "widget.js");
  } catch {
    return [];
  }
}

type PortalKind = "member" | "agent";

/** A demo host page with the widget, under a fresh nonce. */
async function serveDemoPage(
  options: DemoRoutesOptions,
  site: DemoSite,
  reply: FastifyReply,
  portal?: DemoPortalEmbed,
  routeName?: string,
) {
  const nonce = randomBytes(16).toString("base64");
  const page = renderDemoPage({
    site,
    nonce,
    apiKey: options.apiKey,
    widgetBuilt: existsSync(path.join(options.widgetDir, "widget.js")),
    preloadFiles: filesOfWidgetEntry(options.widgetDir),
    ...(portal ? { portal } : {}),
  });
  // The route name goes into the page's session storage before the widget reads it.
  const withRoute = routeName
    ? page.replace(
        "<main>",
        `<script nonce="${nonce}">sessionStorage.setItem(${JSON.stringify(ROUTE_NAME_ITEM)}, ${JSON.stringify(routeName)});</script>\n<main>`,
      )
    : page;
  return (
    reply
      .header("content-security-policy", pageCsp(nonce, options.allowedOrigins))
      // The nonce changes on every answer, so the page may be kept but must be revalidated.
      .header("cache-control", "no-cache, private")
      .type("text/html; charset=utf-8")
      .send(withRoute)
  );
}

/** The member portal or agent assist page, signed in as the site's demo member or demo agent. */
async function servePortalClaims(
  options: DemoRoutesOptions,
  site: DemoSite,
  kind: PortalKind,
  request: { query: unknown },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const user = DEMO_PORTAL_USERS[site.company][kind];
  const assertion = options.portal
    ? await signDemoAssertion(options.portal, site.company, user, kind, options.now())
    : null;
  if (!assertion) return reply.code(404).send({ message: "No demo portal signer here." });
  const query = (request.query ?? {}) as { policy?: unknown; route?: unknown };
  const policyNumber =
    typeof query.policy === "string" && /^\d{10}$/.test(query.policy) ? query.policy : null;
  const routeName =
    kind === "agent" && typeof query.route === "string" && ROUTE_NAMES.has(query.route)
      ? query.route
      : undefined;
  const title = `${site.companyName} ${kind === "member" ? "Member Portal" : "Agent Assist"}`;
  const lead = `Signed in as ${user.name} (demo). ${
    kind === "member"
      ? "File a claim for one of your policies: its details are filled in for you."
      : "File or follow a claim for your client's policy."
  }`;
  const routerBase = portalBases(site)[kind];
  return serveDemoPage(
    options,
    site,
    reply,
    { routerBase, assertion, policyNumber, title, lead },
    routeName,
  );
}

/** The member portal's home: the reminder's enrol link lands here; it leads to the signed-in demo. */
async function serveMemberPortal(options: DemoRoutesOptions, site: DemoSite, reply: FastifyReply) {
  const nonce = randomBytes(16).toString("base64");
  return reply
    .header("content-security-policy", pageCsp(nonce, options.allowedOrigins))
    .header("cache-control", "no-cache, private")
    .type("text/html; charset=utf-8")
    .send(
      renderMemberPortalPage({
        site,
        nonce,
        signedIn:
          options.portal?.key.kind === "secret"
            ? {
                memberBase: portalBases(site).member,
                agentBase: portalBases(site).agent,
                policies: DEMO_PORTAL_USERS[site.company].member.policies,
              }
            : undefined,
      }),
    );
}

export async function demoRoutes(app: FastifyInstance, options: DemoRoutesOptions) {
  for (const site of DEMO_SITES) {
    const servePage = (_request: unknown, reply: FastifyReply) =>
      serveDemoPage(options, site, reply);
    app.get(site.routerBase, servePage);
    app.get(`${site.routerBase}/*`, servePage);

    const bases = portalBases(site);
    for (const kind of ["member", "agent"] as const) {
      const serveClaims = (request: { query: unknown }, reply: FastifyReply) =>
        servePortalClaims(options, site, kind, request, reply);
      app.get(bases[kind], serveClaims);
      app.get(`${bases[kind]}/*`, serveClaims);
    }

    const servePortal = (_request: unknown, reply: FastifyReply) =>
      serveMemberPortal(options, site, reply);
    app.get(site.memberPortalPath, servePortal);
    app.get(`${site.memberPortalPath}/enroll`, servePortal);
  }

  app.get("/", async (_request, reply) => reply.redirect(DEMO_SITES[0]?.homePath ?? "/", 302));
  app.get("/favicon.svg", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=86400").type("image/svg+xml").send(FAVICON_SVG),
  );
}
