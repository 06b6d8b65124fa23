import { useSyncExternalStore } from "react";

// One system-error popup for the whole widget; any screen can raise it.
let visible = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const systemError = {
  show(): void {
    visible = true;
    notify();
  },
  dismiss(): void {
    visible = false;
    notify();
  },
};

export function useSystemErrorVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => visible,
  );
}
