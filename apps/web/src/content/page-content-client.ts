import { countryOptions } from "@kalinga/content/countries";
import {
  englishPageContent,
  type PageContent,
  type TemporarilyUnavailableTip,
} from "@kalinga/content/page-content";
import type { WidgetSetting } from "../widget/widget-options.ts";

// Labels, tips, placeholders and lists come from the content service; when it fails the widget
// uses the defaults it ships, so a claimant always gets a working form.

export type LoadedContent = {
  page: PageContent;
  notice: TemporarilyUnavailableTip | null;
  fromService: boolean;
};

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json();
}

export function defaultContent(locale: string): PageContent {
  return {
    ...englishPageContent,
    dropdownList: { ...englishPageContent.dropdownList, country: countryOptions(locale) },
  };
}

export async function loadContent(setting: WidgetSetting): Promise<LoadedContent> {
  const query = new URLSearchParams({
    company: setting.company,
    channel: setting.channel,
    locale: setting.locale,
  });
  const [page, notice] = await Promise.allSettled([
    getJson(`${setting.apiBase}/content/page?${query}`),
    loadNotice(setting),
  ]);
  const pageContent = page.status === "fulfilled" ? mergePage(page.value, setting.locale) : null;
  return {
    page: pageContent ?? defaultContent(setting.locale),
    notice: notice.status === "fulfilled" ? notice.value : null,
    fromService: pageContent !== null,
  };
}

/** The temporarily-unavailable notice as the service has it now (revalidated on every read). */
export async function loadNotice(
  setting: WidgetSetting,
): Promise<TemporarilyUnavailableTip | null> {
  const query = new URLSearchParams({
    company: setting.company,
    channel: setting.channel,
    locale: setting.locale,
  });
  const value = await getJson(`${setting.apiBase}/content/notice?${query}`);
  return (
    (value as { item?: { temporarilyUnavailableTip?: TemporarilyUnavailableTip } }).item
      ?.temporarilyUnavailableTip ?? null
  );
}

/** Content from the service, with any part it lacks taken from the defaults. */
function mergePage(value: unknown, locale: string): PageContent | null {
  if (!value || typeof value !== "object" || !("microsite" in value)) return null;
  const served = value as Partial<PageContent>;
  const fallback = defaultContent(locale);
  return {
    microsite: served.microsite ?? fallback.microsite,
    dropdownList: {
      country: served.dropdownList?.country?.length
        ? served.dropdownList.country
        : fallback.dropdownList.country,
      company: served.dropdownList?.company ?? fallback.dropdownList.company,
    },
    emailSuggestion: served.emailSuggestion ?? fallback.emailSuggestion,
    reminder: served.reminder ?? fallback.reminder,
    mainlandChina: served.mainlandChina ?? fallback.mainlandChina,
  };
}
