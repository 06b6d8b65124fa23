import { noticeVisibility } from "@kalinga/domain/notice-window";
import { useSyncExternalStore } from "react";
import { useLoadedContent } from "../widget/contexts.ts";

// Whether the insurer's "temporarily unavailable" notice is up in this tab: first from the content
// the widget loaded, then as its watcher (filing-notice.tsx, a lazy chunk, decision 0069) says.

let up: boolean | null = null;
const listeners = new Set<() => void>();

export function setNoticeOpen(open: boolean): void {
  up = open;
  for (const listener of listeners) listener();
}

/** Whether the notice is up: the start step's reminder waits until it is closed. */
export function useNoticeOpen(): boolean {
  const loaded = useLoadedContent().notice;
  up ??= noticeVisibility(loaded, Date.now()).show;
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => up === true,
  );
}
