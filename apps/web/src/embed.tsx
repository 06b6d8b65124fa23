import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import appCss from "./app/app.css?inline";
import { App } from "./app/app.tsx";
import { defaultContent, type LoadedContent, loadContent } from "./content/page-content-client.ts";
import { openSession, session } from "./session/session-store.ts";
import { adoptStyles, registerWidgetRoot } from "./ui/styles.ts";
import uiCss from "./ui/ui.css?inline";
import { loadCompanies } from "./widget/company-client.ts";
import { readPortalUser } from "./widget/portal-user.ts";
import { resolveWidgetSetting, type WidgetOptions } from "./widget/widget-options.ts";
import { configureWidget } from "./widget/widget-setting.ts";

// The embed entry: an insurer's page loads widget.js, which mounts the widget into the element its
// script tag names (data-kalinga-target), inside a shadow root so neither page's CSS reaches the other.

// Every screen needs both; the layout comes after the widgets' styles so that it wins ties.
adoptStyles(uiCss);
adoptStyles(appCss);

/** Content that is slow to come must not hold the form back: the defaults serve meanwhile. */
const CONTENT_WAIT_MS = 2500;

export async function mount(target: Element, options: Partial<WidgetOptions> = {}): Promise<void> {
  const full: WidgetOptions = {
    apiBase: options.apiBase ?? "/api",
    apiKey: options.apiKey ?? "",
    routerBase: options.routerBase ?? "/",
    locale: options.locale ?? "en",
    assertion: options.assertion,
    policyNumber: options.policyNumber,
  };
  const companies = await loadCompanies(full.apiBase, CONTENT_WAIT_MS);
  const setting = resolveWidgetSetting(full, window.location, companies);
  configureWidget(setting);

  const shadow = target.shadowRoot ?? target.attachShadow({ mode: "open" });
  registerWidgetRoot(shadow);
  const container = document.createElement("div");
  container.className = "k-root";
  container.lang = setting.locale;
  // The company's colours win over the host page's: the configuration is the insurer's own.
  if (setting.brand) {
    container.style.setProperty("--kalinga-primary", setting.brand.primaryColour);
    container.style.setProperty("--kalinga-focus", setting.brand.primaryColour);
    container.style.setProperty("--kalinga-on-primary", setting.brand.onPrimaryColour);
  }
  shadow.replaceChildren(container);

  const fallback: LoadedContent = {
    page: defaultContent(setting.locale),
    notice: null,
    fromService: false,
  };
  const [content] = await Promise.all([
    Promise.race([
      loadContent(setting).catch(() => fallback),
      new Promise<LoadedContent>((resolve) => setTimeout(() => resolve(fallback), CONTENT_WAIT_MS)),
    ]),
    openSession(),
  ]);
  // Section 7: the agent code rides in every body of agent assist, kept encrypted in the session.
  if (setting.channel === "agent-assist" && setting.assertion) {
    const agentCode = readPortalUser(setting.assertion)?.agentCode;
    if (agentCode) session.set("agentCode", agentCode);
  }

  createRoot(container).render(
    <StrictMode>
      <App content={content} widgetRoot={{ root: shadow, container }} />
    </StrictMode>,
  );
}

function mountFromScriptTags(): void {
  for (const script of document.querySelectorAll<HTMLScriptElement>(
    "script[data-kalinga-target]",
  )) {
    if (new URL(script.src, window.location.href).href !== import.meta.url) continue;
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

(window as unknown as { Kalinga?: { mount: typeof mount } }).Kalinga = { mount };
mountFromScriptTags();
