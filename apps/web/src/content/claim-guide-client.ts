import { type ClaimGuide, englishClaimGuide } from "@kalinga/content/claim-guide";
import type { WidgetSetting } from "../widget/widget-options.ts";

// Section 7's claim-guide page configuration: a content tree whose items each hold an id and the
// page configuration as JSON text. The items are keyed by id, and the guide of each locale is
// kept after its first load: one fetch per locale and page life. A failed fetch gives the English
// defaults and is tried again the next time the guide opens.

const loaded = new Map<string, Promise<ClaimGuide>>();

/** The tree's items keyed by id, each configuration parsed; an item that is not JSON is left out. */
export function itemsById(tree: unknown): Record<string, unknown> {
  const items = (tree as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return {};
  const byId: Record<string, unknown> = {};
  for (const item of items as { id?: unknown; element?: { pageConfiguration?: unknown } }[]) {
    const text = item?.element?.pageConfiguration;
    if (typeof item?.id !== "string" || typeof text !== "string") continue;
    try {
      byId[item.id] = JSON.parse(text);
    } catch {
      // One broken item must not cost the others: its defaults serve.
    }
  }
  return byId;
}

/** Each part of the guide as served when it has every text of the default's, else the default. */
function guideOf(byId: Record<string, unknown>): ClaimGuide {
  const part = <K extends keyof ClaimGuide>(key: K): ClaimGuide[K] => {
    const served = byId[key] as Record<string, unknown> | undefined;
    const complete =
      typeof served === "object" &&
      served !== null &&
      Object.keys(englishClaimGuide[key]).every((field) => typeof served[field] === "string");
    return complete
      ? ({ ...englishClaimGuide[key], ...served } as ClaimGuide[K])
      : englishClaimGuide[key];
  };
  return { overview: part("overview"), Death: part("Death"), Living: part("Living") };
}

async function fetchGuide(setting: WidgetSetting, locale: string): Promise<ClaimGuide> {
  const query = new URLSearchParams({ company: setting.company, channel: setting.channel });
  if (locale !== "en") query.set("locale", locale);
  const response = await fetch(`${setting.apiBase}/content/claim-guide?${query}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${response.status}`);
  return guideOf(itemsById(await response.json()));
}

/** The guide in the widget's locale (decision 0097): the server serves English for one it lacks. */
export function loadClaimGuide(setting: WidgetSetting, locale = "en"): Promise<ClaimGuide> {
  let guide = loaded.get(locale);
  if (!guide) {
    guide = fetchGuide(setting, locale).catch(() => {
      loaded.delete(locale);
      return englishClaimGuide;
    });
    loaded.set(locale, guide);
  }
  return guide;
}
