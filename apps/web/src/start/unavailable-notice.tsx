import type { TemporarilyUnavailableTip } from "@kalinga/content/page-content";
import { noticeVisibility } from "@kalinga/domain/notice-window";
import { useSyncExternalStore } from "react";
import { useLoadedContent } from "../widget/contexts.ts";

// The insurer's "temporarily unavailable" notice (section 2) as this tab knows it: first from the
// content the widget loaded, then from each read of its watcher (filing-notice.tsx, a lazy chunk,
// decision 0069). It shows only inside its window, its close icon only inside the show-close
// window; closed, it stays closed until it changes.

type Notice = { tip: TemporarilyUnavailableTip | null; closed: string | null; now: number };
let notice: Notice | null = null;
const listeners = new Set<() => void>();
export const updateNotice = (change: Partial<Notice>) => {
  if (!notice) return;
  notice = { ...notice, ...change };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notice now: its tip, whether it is up (and not closed), and whether it may be closed. */
export function useNotice() {
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
