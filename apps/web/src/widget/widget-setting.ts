import type { WidgetSetting } from "./widget-options.ts";

// The widget's setting, resolved once at mount and the same for the page's life: one module holds
// it for the screens (useWidgetSetting) and for the claim API's calls alike (decision 0076).

let current: WidgetSetting | null = null;

/** At mount, before the first screen renders or the first call goes. */
export function configureWidget(setting: WidgetSetting): void {
  current = setting;
}

export function mountedSetting(): WidgetSetting {
  if (!current) throw new Error("The widget is used before it is mounted.");
  return current;
}
