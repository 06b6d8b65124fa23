import { type ClaimGuide, englishClaimGuide } from "@kalinga/content/claim-guide";
import type { WidgetSetting } from "../widget/widget-options.ts";

// Section 7's claim-guide page configuration: a content tree whose items each hold an id and the
// page configuration as JSON text. The items are keyed by id, and the guide is kept after its
// first load: one fetch per page life. A failed fetch gives the English defaults and is tried
// again the next time the guide opens.

let loaded: Promise<ClaimGuide> | null = null;

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

async function fetchGuide(setting: WidgetSetting): Promise<ClaimGuide> {
  const query = new URLSearchParams({ company: setting.company, channel: setting.channel });
  const response = await fetch(`${setting.apiBase}/content/claim-guide?${query}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${response.status}`);
  return guideOf(itemsById(await response.json()));
}

export function loadClaimGuide(setting: WidgetSetting): Promise<ClaimGuide> {
  loaded ??= fetchGuide(setting).catch(() => {
    loaded = null;
    return englishClaimGuide;
  });
  return loaded;
}
