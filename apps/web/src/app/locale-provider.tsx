import type { Catalogue } from "@kalinga/domain/localized-texts";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { type LoadedContent, loadContent } from "../content/page-content-client.ts";
import { session } from "../session/session-store.ts";
import { LocaleContext, type LocaleState, setCurrentCatalogue } from "../ui/locale.ts";
import type { WidgetRoot } from "../ui/widget-root.tsx";
import { ContentContext, useWidgetSetting } from "../widget/contexts.ts";
import { loadCatalogue } from "../widget/locale-catalogue.ts";

// Holds the chosen locale, its catalogue and the page content in that locale. A choice is kept for
// the session; a catalogue that cannot be loaded leaves the widget in its current language.

/** The first locale; `failed` names one asked for (session or mount option) that could not load. */
export type InitialLocale = { locale: string; catalogue: Catalogue | null; failed?: string };

type Props = {
  initial: InitialLocale;
  content: LoadedContent;
  widgetRoot: WidgetRoot;
  children: ReactNode;
};

export function LocaleProvider({ initial, content: initialContent, widgetRoot, children }: Props) {
  const setting = useWidgetSetting();
  const [chosen, setChosen] = useState(initial);
  const [failed, setFailed] = useState<string | null>(initial.failed ?? null);
  const [content, setContent] = useState(initialContent);

  const choose = useCallback(
    (locale: string) => {
      loadCatalogue(setting, locale).then(
        (catalogue) => {
          setChosen({ locale, catalogue });
          setFailed(null);
          session.set("locale", locale);
          // Labels, tips and lists follow; the ones shown stay if the content service fails.
          loadContent({ ...setting, locale }).then(setContent, () => undefined);
        },
        () => setFailed(locale),
      );
    },
    [setting],
  );

  useEffect(() => {
    widgetRoot.container.lang = chosen.locale;
    setCurrentCatalogue(chosen.catalogue);
  }, [widgetRoot, chosen]);

  const state = useMemo<LocaleState>(
    () => ({ locale: chosen.locale, catalogue: chosen.catalogue, failed, choose }),
    [chosen, failed, choose],
  );
  return (
    <LocaleContext.Provider value={state}>
      <ContentContext.Provider value={content}>{children}</ContentContext.Provider>
    </LocaleContext.Provider>
  );
}
