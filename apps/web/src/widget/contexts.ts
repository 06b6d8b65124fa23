import type { PageContent } from "@kalinga/content/page-content";
import { createContext, useContext } from "react";
import type { LoadedContent } from "../content/page-content-client.ts";

// The screens' name for the mounted setting: it never changes while a screen is shown.
export { mountedSetting as useWidgetSetting } from "./widget-setting.ts";

export const ContentContext = createContext<LoadedContent | null>(null);

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
