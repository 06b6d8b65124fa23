import type { TemporarilyUnavailableTip } from "@kalinga/content/page-content";
import { nextNoticeChange, noticeVisibility } from "@kalinga/domain/notice-window";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { loadNotice } from "../content/page-content-client.ts";
import { Popup } from "../ui/popup.tsx";
import { useLoadedContent, useWidgetSetting } from "../widget/contexts.ts";
import { setNoticeOpen } from "./unavailable-notice.tsx";

// The temporarily-unavailable notice (section 2) over every channel's filing screens, and its
// watcher (decision 0069): read again when a filing screen opens, every 30 s while one is open and
// when the tab comes back into view, so a change the insurer makes shows within a minute. It shows
// only inside its window, its close icon only inside the show-close window; closed, it stays
// closed until it changes. A lazy chunk: the start step's initial JS stays in its budget.

const NOTICE_POLL_MS = 30_000;
/** The filing screens of every channel, where the notice shows and is watched. */
const FILING =
  /^\/(cf|cfm|claims-filing|continue-claim|claims-details|payout-option|claims-documents|claims-review)?$/;

type Tip = TemporarilyUnavailableTip | null;

export default function FilingNotice() {
  const setting = useWidgetSetting();
  const { pathname } = useLocation();
  const filing = FILING.test(pathname);
  const loaded = useLoadedContent().notice;
  const [notice, setNotice] = useState<{ tip: Tip; now: number }>(() => ({
    tip: loaded,
    now: Date.now(),
  }));
  // Mounted once for the widget's life: the notice the claimant closed stays closed until it changes.
  const [closed, setClosed] = useState<string | null>(null);
  const { tip } = notice;
  const { show, closable } = noticeVisibility(tip, notice.now);
  const open = filing && show && JSON.stringify(tip) !== closed;

  useEffect(() => setNoticeOpen(open), [open]);

  // A window that opens or closes between two reads shows at its instant, not at the next read.
  useEffect(() => {
    const wait = nextNoticeChange(tip, notice.now);
    // A timer longer than 2^31 - 1 ms fires at once; the 30 s reads cover so far a change.
    if (wait === null || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNotice({ tip, now: Date.now() }), wait);
    return () => clearTimeout(timer);
  }, [tip, notice.now]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step opened reads it again.
  useEffect(() => {
    if (!filing) return;
    const read = () => {
      if (document.visibilityState === "hidden") return;
      // A failed read keeps the notice as it was: content failures are quiet (section 8).
      loadNotice(setting).then(
        (read) => setNotice({ tip: read, now: Date.now() }),
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

  if (!open || !tip) return null;
  return (
    <Popup
      open
      type="normal"
      title={tip.title}
      closable={closable}
      onClose={() => setClosed(JSON.stringify(tip))}
    >
      <p>{tip.content}</p>
    </Popup>
  );
}
