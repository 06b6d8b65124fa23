import { useEffect } from "react";
import { useLocation } from "react-router";
import { loadNotice } from "../content/page-content-client.ts";
import { Popup } from "../ui/popup.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { updateNotice, useNotice } from "./unavailable-notice.tsx";

// The notice over a filing screen, and its watcher (decision 0069): read again when a filing screen
// opens, every 30 s while one is open and when the tab comes back into view, so a change the insurer
// makes shows within a minute. A lazy chunk: the start step's initial JS stays in its budget.

const NOTICE_POLL_MS = 30_000;
/** The filing screens of every channel, where the notice shows and is watched. */
const FILING =
  /^\/(cf|cfm|claims-filing|continue-claim|claims-details|payout-option|claims-documents|claims-review)?$/;

export default function FilingNotice() {
  const setting = useWidgetSetting();
  const { pathname } = useLocation();
  const filing = FILING.test(pathname);
  const { tip, open, closable } = useNotice();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step opened reads it again.
  useEffect(() => {
    if (!filing) return;
    const read = () => {
      if (document.visibilityState === "hidden") return;
      // A failed read keeps the notice as it was: content failures are quiet (section 8).
      loadNotice(setting).then(
        (read) => updateNotice({ tip: read, now: Date.now() }),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, NOTICE_POLL_MS);
    document.addEventListener("visibilitychange", read);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", read);
    };
  }, [filing, pathname, setting]);

  if (!filing || !open || !tip) return null;
  return (
    <Popup
      open
      type="normal"
      title={tip.title}
      closable={closable}
      onClose={() => updateNotice({ closed: JSON.stringify(tip) })}
    >
      <p>{tip.content}</p>
    </Popup>
  );
}
