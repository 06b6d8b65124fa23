import { SYSTEM_ERROR, SYSTEM_ERROR_BUTTON } from "@kalinga/domain/messages";
import { systemError, useSystemError } from "../api/system-error.ts";
import type { LoadedContent } from "../content/page-content-client.ts";
import { LoadingOverlay } from "../ui/loading-overlay.tsx";
import { Popup } from "../ui/popup.tsx";
import { type WidgetRoot, WidgetRootContext } from "../ui/widget-root.tsx";
import { ContentContext, useWidgetSetting } from "../widget/contexts.ts";
import { APP_TEXTS } from "./app-texts.ts";
import { ClaimRoutes } from "./routes.tsx";
import { WidgetRouter } from "./widget-router.tsx";

type Props = { content: LoadedContent; widgetRoot: WidgetRoot };

function SystemErrorPopup() {
  const shown = useSystemError();
  const retry = shown?.retry;
  const gotIt = { label: SYSTEM_ERROR_BUTTON, onClick: systemError.dismiss };
  return (
    <Popup
      open={shown !== null}
      type="normal"
      ariaLabel={APP_TEXTS.systemErrorLabel}
      onClose={systemError.dismiss}
      containedButton={retry ? { label: retry.label, onClick: retry.run } : gotIt}
      outlinedButton={retry ? gotIt : undefined}
    >
      <p>{SYSTEM_ERROR}</p>
      {shown?.detail ? <p>{shown.detail}</p> : null}
    </Popup>
  );
}

export function App({ content, widgetRoot }: Props) {
  const { routerBase } = useWidgetSetting();
  return (
    <WidgetRootContext.Provider value={widgetRoot}>
      <ContentContext.Provider value={content}>
        <WidgetRouter basename={routerBase}>
          <ClaimRoutes />
        </WidgetRouter>
        <SystemErrorPopup />
        <LoadingOverlay />
      </ContentContext.Provider>
    </WidgetRootContext.Provider>
  );
}
