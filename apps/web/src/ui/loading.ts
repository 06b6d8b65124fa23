// Whether the full-screen loading overlay shows: while any request runs, or while opened by the
// window events kalinga:loading-open / kalinga:loading-close (for code outside React).

export const LOADING_OPEN_EVENT = "kalinga:loading-open";
export const LOADING_CLOSE_EVENT = "kalinga:loading-close";

let requests = 0;
let openedByEvent = false;
let checking = 0;
let resending = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export const loading = {
  /** Requests running plus one while opened by event; the overlay shows while above 0. */
  get count(): number {
    return requests + (openedByEvent ? 1 : 0);
  },
  /** A request starts; pair every begin() with one end(), in a finally. */
  begin(): void {
    requests += 1;
    notify();
  },
  end(): void {
    requests = Math.max(0, requests - 1);
    notify();
  },
  /** A proof-of-work challenge is being solved; pair every beginCheck() with one endCheck(). */
  beginCheck(): void {
    checking += 1;
    notify();
  },
  endCheck(): void {
    checking = Math.max(0, checking - 1);
    notify();
  },
  /** A call is sent again while its first attempt's key is held (409); pair with one endResend(). */
  beginResend(): void {
    resending += 1;
    notify();
  },
  endResend(): void {
    resending = Math.max(0, resending - 1);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the overlay shows now; a stable snapshot for useSyncExternalStore. */
export const isLoading = () => loading.count > 0;

/** Whether the overlay says the connection is being checked (a challenge is being solved). */
export const isChecking = () => checking > 0;

/** Whether the overlay says the call is still being sent (its first attempt was cut off). */
export const isResending = () => resending > 0;

// Events are idempotent: opening twice and closing once closes, so the overlay cannot stick.
if (typeof window !== "undefined") {
  window.addEventListener(LOADING_OPEN_EVENT, () => {
    openedByEvent = true;
    notify();
  });
  window.addEventListener(LOADING_CLOSE_EVENT, () => {
    openedByEvent = false;
    notify();
  });
}
