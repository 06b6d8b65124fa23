import type { Catalogue } from "@kalinga/domain/localized-texts";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import appCss from "./app/app.css?inline";
import { App } from "./app/app.tsx";
import type { InitialLocale } from "./app/locale-provider.tsx";
import { OriginNotAllowed } from "./app/origin-not-allowed.tsx";
import { loadAppConfig } from "./content/app-config-client.ts";
import { defaultContent, type LoadedContent, loadContent } from "./content/page-content-client.ts";
import { openSession, session } from "./session/session-store.ts";
import { adoptStyles, registerWidgetRoot } from "./ui/styles.ts";
import uiCss from "./ui/ui.css?inline";
import { loadCompanies } from "./widget/company-client.ts";
import type { KalingaApi, KalingaMountOptions, KalingaWidget } from "./widget/kalinga-widget.d.ts";
import { loadCatalogue } from "./widget/locale-catalogue.ts";
import { pageOriginAllowed } from "./widget/origin-check.ts";
import { readPortalUser } from "./widget/portal-user.ts";
import {
  resolveWidgetSetting,
  type WidgetOptions,
  type WidgetSetting,
} from "./widget/widget-options.ts";
import { configureWidget } from "./widget/widget-setting.ts";
import { stopWidgetWork } from "./widget/widget-work.ts";

// The embed entry, loaded by the stable widget.js loader (decision 0082): it mounts the widget into
// the element its script tag names (data-kalinga-target), inside a shadow root so neither page's CSS
// reaches the other, and gives the page window.Kalinga (typed by widget/kalinga-widget.d.ts).

// Every screen needs both; the layout comes after the widgets' styles so that it wins ties.
adoptStyles(uiCss);
adoptStyles(appCss);

/** Content that is slow to come must not hold the form back: the defaults serve meanwhile. */
const CONTENT_WAIT_MS = 2500;

/** One widget per element: its root (once rendered) and how to take it down. */
type Mounted = { shadow: ShadowRoot; root: Root | null; unregister: () => void; ended: boolean };
const mounted = new Map<Element, Mounted>();

export async function mount(
  target: Element,
  options: KalingaMountOptions = {},
): Promise<KalingaWidget> {
  // A second mount on the same element replaces the first: never two roots in one shadow root.
  unmount(target);
  const full: WidgetOptions = {
    apiBase: options.apiBase ?? "/api",
    apiKey: options.apiKey ?? "",
    routerBase: options.routerBase ?? "/",
    locale: options.locale ?? "en",
    assertion: options.assertion,
    policyNumber: options.policyNumber,
  };
  // The company list goes out beside the calls that do not need it (the session, the origin check,
  // the application config, which never holds the form back): no round trip waits for another. The
  // content names the company, so it follows the list, within the same wait.
  const companiesRead = loadCompanies(full.apiBase, CONTENT_WAIT_MS);
  const sessionOpened = openSession();
  void loadAppConfig(full.apiBase, sessionOpened);
  const allowedRead = pageOriginAllowed(full.apiBase, CONTENT_WAIT_MS);
  const waited = new Promise<void>((resolve) => setTimeout(resolve, CONTENT_WAIT_MS));

  const shadow = target.shadowRoot ?? target.attachShadow({ mode: "open" });
  const record: Mounted = {
    shadow,
    root: null,
    unregister: registerWidgetRoot(shadow),
    ended: false,
  };
  mounted.set(target, record);
  const handle: KalingaWidget = {
    element: target,
    unmount: () => {
      if (mounted.get(target) === record) unmount(target);
    },
  };
  const container = document.createElement("div");
  container.className = "k-root";
  shadow.replaceChildren(container);

  const setting = resolveWidgetSetting(full, window.location, await companiesRead);
  // Unmounted (or mounted again) while the list came: this mount sets nothing more.
  if (record.ended) return handle;
  configureWidget(setting);
  container.lang = setting.locale;
  // The company's colours win over the host page's: the configuration is the insurer's own.
  if (setting.brand) {
    container.style.setProperty("--kalinga-primary", setting.brand.primaryColour);
    container.style.setProperty("--kalinga-focus", setting.brand.primaryColour);
    container.style.setProperty("--kalinga-on-primary", setting.brand.onPrimaryColour);
  }

  const fallback: LoadedContent = {
    page: defaultContent(setting.locale),
    notice: null,
    fromService: false,
  };
  const [content, allowed, , english] = await Promise.all([
    inTime(
      loadContent(setting).catch(() => fallback),
      fallback,
      waited,
    ),
    allowedRead,
    sessionOpened,
    // The insurer's edits of the English (decision 0092), beside the rest: the defaults when late.
    inTime(loadCatalogue(setting, "en"), null, waited),
  ]);
  const locale = await initialLocale(setting, content, english);
  // Unmounted (or mounted again) while the content came: nothing more to render here.
  if (record.ended) return handle;
  // Section 7: the agent code rides in every body of agent assist, kept encrypted in the session.
  if (setting.channel === "agent-assist" && setting.assertion) {
    const agentCode = readPortalUser(setting.assertion)?.agentCode;
    if (agentCode) session.set("agentCode", agentCode);
  }

  record.root = createRoot(container);
  record.root.render(
    <StrictMode>
      {allowed ? (
        <App
          content={locale.content}
          widgetRoot={{ root: shadow, container }}
          locale={locale.initial}
        />
      ) : (
        <OriginNotAllowed companyName={setting.companyName} />
      )}
    </StrictMode>,
  );
  return handle;
}

/** The answer, or the fallback once the wait for content is over. */
function inTime<T>(answer: Promise<T>, fallback: T, waited: Promise<void>): Promise<T> {
  return Promise.race([answer, waited.then(() => fallback)]);
}

/**
 * The session's chosen locale, else the mount option's, with its catalogue and page content; a
 * catalogue that cannot be loaded starts the widget in English (the switch then says so).
 */
async function initialLocale(
  setting: WidgetSetting,
  content: LoadedContent,
  englishEdits: Catalogue | null,
): Promise<{ initial: InitialLocale; content: LoadedContent }> {
  const locale = session.get("locale") ?? setting.locale;
  const english = { initial: { locale: "en", catalogue: englishEdits }, content };
  if (locale === "en") return english;
  const [catalogue, localized] = await Promise.all([
    loadCatalogue(setting, locale).catch(() => undefined),
    locale === setting.locale ? content : loadContent({ ...setting, locale }).catch(() => content),
  ]);
  if (catalogue === undefined)
    return { ...english, initial: { ...english.initial, failed: locale } };
  return { initial: { locale, catalogue }, content: localized };
}

/**
 * Takes the widget off the element: React's effects end with the root (timers, listeners), its
 * styles leave the shadow root, which is left empty, and the last widget's worker stops.
 */
export function unmount(target: Element): void {
  const record = mounted.get(target);
  if (!record) return;
  mounted.delete(target);
  record.ended = true;
  record.root?.unmount();
  record.unregister();
  record.shadow.replaceChildren();
  record.shadow.adoptedStyleSheets = [];
  if (mounted.size === 0) stopWidgetWork();
}

function mountFromScriptTags(loaderUrl: string): void {
  for (const script of document.querySelectorAll<HTMLScriptElement>(
    "script[data-kalinga-target]",
  )) {
    if (new URL(script.src, window.location.href).href !== loaderUrl) continue;
    const selector = script.dataset.kalingaTarget ?? "";
    const target = document.querySelector(selector);
    if (!target) {
      // The host page's own developers need to see this; claimants never do.
      throw new Error(`Kalinga: no element matches data-kalinga-target="${selector}".`);
    }
    void mount(target, {
      apiBase: script.dataset.apiBase,
      apiKey: script.dataset.apiKey,
      routerBase: script.dataset.routerBase,
      locale: script.dataset.locale,
      assertion: script.dataset.assertion,
      policyNumber: script.dataset.policyNumber,
    });
  }
}

const api: KalingaApi = { mount, unmount };

/** Called by the loader with its own URL: the script tags that load it name their targets. */
export function start(loaderUrl: string): void {
  window.Kalinga = api;
  mountFromScriptTags(loaderUrl);
}
