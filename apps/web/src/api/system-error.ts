import { useSyncExternalStore } from "react";

// One system-error popup for the whole widget; any screen can raise it. A failure may say what it
// cost the claimant (detail) and offer to try again (retry). Once the claim was continued on another
// device (decision 0069), that notice stands instead of every system error of this tab.

type SystemErrorRetry = { label: string; run: () => void };
export type SystemErrorShown = { detail?: string; retry?: SystemErrorRetry };

let shown: SystemErrorShown | null = null;
let continuedElsewhere: string | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const systemError = {
  show(options: SystemErrorShown = {}): void {
    if (continuedElsewhere !== null) return;
    shown = options;
    notify();
  },
  dismiss(): void {
    shown = null;
    notify();
  },
  /** The server ended this tab's token: claim `webReferenceNumber` goes on on another device. */
  continuedElsewhere(webReferenceNumber: string): void {
    continuedElsewhere = webReferenceNumber;
    shown = null;
    notify();
  },
  /** The claimant chose to start again on this device. */
  endContinuedElsewhere(): void {
    continuedElsewhere = null;
    notify();
  },
};

export function useSystemError(): SystemErrorShown | null {
  return useSyncExternalStore(subscribe, () => shown);
}

/** The reference of the claim that went on on another device, or null. */
export function useContinuedElsewhere(): string | null {
  return useSyncExternalStore(subscribe, () => continuedElsewhere);
}
