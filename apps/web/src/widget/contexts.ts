import type { PageContent } from "@kalinga/content/page-content";
import { createContext, useContext } from "react";
import type { LoadedContent } from "../content/page-content-client.ts";
import type { WidgetSetting } from "./widget-options.ts";
import { mountedSetting } from "./widget-setting.ts";

export const ContentContext = createContext<LoadedContent | null>(null);

/** The setting the widget was mounted with; it never changes while a screen is shown. */
export function useWidgetSetting(): WidgetSetting {
  return mountedSetting();
}

export function usePageContent(): PageContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error("usePageContent outside the widget");
  return content.page;
}

export function useLoadedContent(): LoadedContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error("useLoadedContent outside the widget");
  return content;
}
