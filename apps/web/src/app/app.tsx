import { SYSTEM_ERROR, SYSTEM_ERROR_BUTTON } from "@kalinga/domain/spec-messages";
import { systemError, useSystemError } from "../api/system-error.ts";
import type { LoadedContent } from "../content/page-content-client.ts";
import { LoadingOverlay } from "../ui/loading-overlay.tsx";
import { useMessage, useTexts } from "../ui/locale.ts";
import { Popup } from "../ui/popup.tsx";
import { type WidgetRoot, WidgetRootContext } from "../ui/widget-root.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { APP_TEXTS } from "./app-texts.ts";
import { BrandMark } from "./brand-mark.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { type InitialLocale, LocaleProvider } from "./locale-provider.tsx";
import { ClaimRoutes } from "./routes.tsx";
import { WidgetRouter } from "./widget-router.tsx";

type Props = { content: LoadedContent; widgetRoot: WidgetRoot; locale: InitialLocale };

function SystemErrorPopup() {
  const shown = useSystemError();
  const texts = useTexts(APP_TEXTS);
  const inLocale = useMessage();
  const retry = shown?.retry;
  const gotIt = { label: inLocale(SYSTEM_ERROR_BUTTON), onClick: systemError.dismiss };
  return (
    <Popup
      open={shown !== null}
      type="normal"
      ariaLabel={texts.systemErrorLabel}
      onClose={systemError.dismiss}
      containedButton={retry ? { label: retry.label, onClick: retry.run } : gotIt}
      outlinedButton={retry ? gotIt : undefined}
    >
      <p>{inLocale(SYSTEM_ERROR)}</p>
      {shown?.detail ? <p>{shown.detail}</p> : null}
    </Popup>
  );
}

export function App({ content, widgetRoot, locale }: Props) {
  const { routerBase } = useWidgetSetting();
  return (
    <WidgetRootContext.Provider value={widgetRoot}>
      <LocaleProvider initial={locale} content={content} widgetRoot={widgetRoot}>
        <BrandMark />
        <LanguageSwitch />
        <WidgetRouter basename={routerBase}>
          <ClaimRoutes />
        </WidgetRouter>
        <SystemErrorPopup />
        <LoadingOverlay />
      </LocaleProvider>
    </WidgetRootContext.Provider>
  );
}
