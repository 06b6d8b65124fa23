import type { TemporarilyUnavailableTip } from "@kalinga/content/page-content";
import { noticeVisibility } from "@kalinga/domain/notice-window";
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { loadNotice } from "../content/page-content-client.ts";
import { Popup } from "../ui/popup.tsx";
import { useLoadedContent, useWidgetSetting } from "../widget/contexts.ts";

// The insurer's "temporarily unavailable" notice (section 2) on every channel's filing screens
// (decision 0069): read again when a filing screen opens, every 30 s while one is open and when the
// tab comes back into view, so a change shows within a minute. It shows only inside its window,
// its close icon only inside the show-close window; closed, it stays closed until it changes.

const NOTICE_POLL_MS = 30_000;
const FILING_PATHS = new Set([
  "/",
  "/claims-filing",
  "/cf",
  "/cfm",
  "/continue-claim",
  "/claims-details",
  "/payout-option",
  "/claims-documents",
  "/claims-review",
]);

type Tip = TemporarilyUnavailableTip | null;
let notice: { tip: Tip; closed: string | null; now: number } | null = null;
const listeners = new Set<() => void>();
const update = (change: Partial<NonNullable<typeof notice>>) => {
  if (!notice) return;
  notice = { ...notice, ...change };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notice as a claimant on a filing screen sees it now: whether it is up, and closable. */
function useNotice() {
  const loaded = useLoadedContent().notice;
  notice ??= { tip: loaded, closed: null, now: Date.now() };
  const state = useSyncExternalStore(subscribe, () => notice);
  const tip = state?.tip ?? null;
  const { show, closable } = noticeVisibility(tip, state?.now ?? Date.now());
  return { tip, open: show && JSON.stringify(tip) !== state?.closed, closable };
}

/** Whether the notice is up: the start step's reminder waits until it is closed. */
export function useNoticeOpen(): boolean {
  return useNotice().open;
}

/** Watches the notice while a filing screen is open and shows it over that screen. */
export function FilingNotice() {
  const setting = useWidgetSetting();
  const { pathname } = useLocation();
  const filing = FILING_PATHS.has(pathname);
  const { tip, open, closable } = useNotice();

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step opened reads it again.
  useEffect(() => {
    if (!filing) return;
    const read = () => {
      if (document.visibilityState === "hidden") return;
      // A failed read keeps the notice as it was: content failures are quiet (section 8).
      loadNotice(setting).then(
        (tip) => update({ tip, now: Date.now() }),
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
      onClose={() => update({ closed: JSON.stringify(tip) })}
    >
      <p>{tip.content}</p>
    </Popup>
  );
}
