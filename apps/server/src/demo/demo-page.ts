// Fictional insurer pages that embed the widget the way an insurer would. The "host-styles" block
// is deliberately hostile: the widget lives in a shadow root and must look the same despite it.

export type DemoSite = {
  /** The demo company's id in the seed (config/companies.demo.json). */
  company: "first" | "bank-partner";
  /** Path under which the widget's routes live, e.g. "/help-support/claims". */
  routerBase: string;
  companyName: string;
  brandColour: string;
  homePath: string;
  /** The stand-in member portal: where "Enroll in Member Portal" of the reminder leads. */
  memberPortalPath: string;
};

export const DEMO_SITES: DemoSite[] = [
  {
    company: "first",
    routerBase: "/help-support/claims",
    companyName: "Kalinga Life",
    brandColour: "#0b5d66",
    homePath: "/help-support/claims/cf",
    memberPortalPath: "/customer-portal",
  },
  {
    company: "bank-partner",
    routerBase: "/bank-life/help-support/claims",
    companyName: "Kalinga Bank Life",
    brandColour: "#1f3b73",
    homePath: "/bank-life/help-support/claims/cf",
    memberPortalPath: "/bank-life/customer-portal",
  },
];

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const HOST_STYLES = `
/* host-styles: global rules of the kind real insurer sites ship; none may reach the widget. */
input, select, textarea { border: 3px solid hotpink; background: #fff0f6; font-size: 22px; }
button { background: hotpink; color: #000; text-transform: uppercase; border-radius: 0; }
label, p { letter-spacing: 0.08em; }
h2, h3 { font-family: Georgia, serif; color: hotpink; }
div { box-sizing: content-box; }
[role="dialog"] { top: 0; left: 0; }`;

function pageStyles(colour: string) {
  return `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2a3a; background: #f5f7f9; }
a { color: ${colour}; }
.site-header { background: ${colour}; color: #fff; }
.site-header .bar { max-width: 72rem; margin: 0 auto; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; justify-content: space-between; }
.brand { color: #fff; font-weight: 700; font-size: 1.25rem; text-decoration: none; }
.site-header nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.site-header nav a { color: #fff; text-decoration: none; }
.site-header nav a[aria-current="page"] { text-decoration: underline; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 0.5rem; }
.lead { margin: 0 0 1.5rem; max-width: 40rem; }
/* Room reserved for the widget, so the footer does not jump when the form appears (CLS). */
#kalinga-claims { min-height: 100vh; }
.build-note { padding: 1rem; border-left: 4px solid ${colour}; background: #fff; }
.site-footer { background: #1d2a3a; color: #fff; }
.site-footer .bar { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem; font-size: 0.875rem; }
.site-footer a { color: #fff; }
.portal-card { max-width: 40rem; padding: 1.5rem; border-radius: 8px; background: #fff; border: 1px solid #d5dde5; }
.portal-card p { margin: 0 0 1rem; }
.portal-card a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
.portal-links { list-style: none; margin: 0; padding: 0; }`;
}

/** The widget's script and its first content call start with the page instead of after the script runs. */
function preloads(site: DemoSite, files: string[]): string {
  const query = `company=${site.company}&amp;channel=corporate-website&amp;locale=en`;
  const modules = ["widget.js", ...files]
    .map((file) => `<link rel="modulepreload" href="/widget/${escapeHtml(file)}">`)
    .join("\n");
  return `${modules}
<link rel="preload" as="fetch" crossorigin href="/api/content/page?${query}">`;
}

/** The insurer's header; `current` marks the menu entry of this page. */
function siteHeader(site: DemoSite, current: "claims" | "portal"): string {
  const company = escapeHtml(site.companyName);
  const home = escapeHtml(site.homePath);
  const portal = escapeHtml(site.memberPortalPath);
  const mark = (entry: typeof current) => (entry === current ? ' aria-current="page"' : "");
  return `<header class="site-header">
  <div class="bar">
    <a class="brand" href="${home}">${company}</a>
    <nav aria-label="Main">
      <ul>
        <li><a href="${home}">Insurance</a></li>
        <li><a href="${home}">Help &amp; Support</a></li>
        <li><a href="${home}"${mark("claims")}>Claims</a></li>
        <li><a href="${portal}"${mark("portal")}>${escapeHtml(PORTAL_TEXTS.menu)}</a></li>
      </ul>
    </nav>
  </div>
</header>`;
}

function siteFooter(site: DemoSite): string {
  return `<footer class="site-footer">
  <div class="bar">
    <p>${escapeHtml(site.companyName)} is a fictional insurer used to demonstrate Kalinga. Makati City, Metro Manila, Philippines.</p>
  </div>
</footer>`;
}

/** The stand-in member portal's words; {company} is the insurer's name. */
const PORTAL_TEXTS = {
  menu: "Member Portal",
  title: "{company} Member Portal",
  lead: "The Member Portal is where {company} members sign in to see their policies and file a claim with their policy details already filled in.",
  standIn:
    "This demo has no sign-in page: it signs you in as a demo member of {company}, whose policies are in the demo policy set.",
  fileSignedIn: "File a claim as the demo member",
  /** A link from the policy's page: the form opens on that policy, read-only. */
  fileForPolicy: "File a claim for policy {policy}",
  agentAssist: "Open the demo agent-assist portal",
  fileHere: "File a claim without signing in",
} as const;

const withCompany = (text: string, site: DemoSite) =>
  escapeHtml(text.replaceAll("{company}", site.companyName));

/** The stand-in member portal page: where the reminder's "Enroll in Member Portal" leads. */
export function renderMemberPortalPage(options: {
  site: DemoSite;
  nonce: string;
  /** The signed-in demo portals, when the development signer is on. */
  signedIn?: { memberBase: string; agentBase: string; policies: string[] } | undefined;
}): string {
  const { site, nonce, signedIn } = options;
  const links = signedIn
    ? [
        `<a href="${escapeHtml(signedIn.memberBase)}/cfm">${escapeHtml(PORTAL_TEXTS.fileSignedIn)}</a>`,
        ...signedIn.policies.map(
          (policy) =>
            `<a href="${escapeHtml(signedIn.memberBase)}/cfm?policy=${escapeHtml(policy)}">${escapeHtml(PORTAL_TEXTS.fileForPolicy.replace("{policy}", policy))}</a>`,
        ),
        `<a href="${escapeHtml(signedIn.agentBase)}/cfm">${escapeHtml(PORTAL_TEXTS.agentAssist)}</a>`,
      ]
    : [];
  const title = withCompany(PORTAL_TEXTS.title, site);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${withCompany(PORTAL_TEXTS.lead, site)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style nonce="${nonce}">${pageStyles(site.brandColour)}</style>
</head>
<body>
${siteHeader(site, "portal")}
<main>
  <h1>${title}</h1>
  <div class="portal-card">
    <p>${withCompany(PORTAL_TEXTS.lead, site)}</p>
    <p>${withCompany(PORTAL_TEXTS.standIn, site)}</p>
    <ul class="portal-links">${[...links, `<a href="${escapeHtml(site.homePath)}">${withCompany(PORTAL_TEXTS.fileHere, site)}</a>`].map((link) => `<li>${link}</li>`).join("")}</ul>
  </div>
</main>
${siteFooter(site)}
</body>
</html>
`;
}

/** A portal page's signed-in user, handed to the widget as its mount options (decision 0059). */
export type DemoPortalEmbed = {
  routerBase: string;
  assertion: string;
  /** The policy the user came from: read-only on the form. */
  policyNumber: string | null;
  title: string;
  lead: string;
};

export function renderDemoPage(options: {
  site: DemoSite;
  nonce: string;
  apiKey: string;
  widgetBuilt: boolean;
  /** The hashed entry widget.js loads and its static imports, preloaded beside it. */
  preloadFiles?: string[];
  /** The member portal or agent assist page, signed in; the corporate website without it. */
  portal?: DemoPortalEmbed;
}): string {
  const { site, nonce, widgetBuilt, portal } = options;
  const company = escapeHtml(site.companyName);
  const base = escapeHtml(portal?.routerBase ?? site.routerBase);
  const signedIn = portal
    ? ` data-assertion="${escapeHtml(portal.assertion)}"${portal.policyNumber ? ` data-policy-number="${escapeHtml(portal.policyNumber)}"` : ""}`
    : "";
  const widget = widgetBuilt
    ? `<div id="kalinga-claims"></div>
      <script type="module" nonce="${nonce}" src="/widget/widget.js" data-kalinga-target="#kalinga-claims" data-api-base="/api" data-api-key="${escapeHtml(options.apiKey)}" data-router-base="${base}"${signedIn}></script>`
    : `<div id="kalinga-claims"><p class="build-note">The claims widget is not built yet: run <code>npm run build</code>, then reload this page.</p></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>File a claim | ${company}</title>
<meta name="description" content="File a life-insurance claim with ${company}: accident, illness and death claims.">
<meta property="csp-nonce" nonce="${nonce}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${widgetBuilt && !portal ? preloads(site, options.preloadFiles ?? []) : ""}
<style nonce="${nonce}">${pageStyles(site.brandColour)}</style>
<style nonce="${nonce}" id="host-styles">${HOST_STYLES}</style>
</head>
<body>
${siteHeader(site, portal ? "portal" : "claims")}
<main>
  <h1>${portal ? escapeHtml(portal.title) : "File a claim"}</h1>
  <p class="lead">${portal ? escapeHtml(portal.lead) : "Tell us about the insured and the policy owner. We will send a one-time PIN to your mobile number before you continue."}</p>
  ${widget}
</main>
${siteFooter(site)}
</body>
</html>
`;
}

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5d66"/><path d="M10 7h4v7l6-7h5l-7 8 7 10h-5l-5-7-1 1v6h-4z" fill="#fff"/></svg>`;
