// Whether the full-screen loading overlay shows: while any request runs, or while opened by the
// window events kalinga:loading-open / kalinga:loading-close (for code outside React).

export const LOADING_OPEN_EVENT = "kalinga:loading-open";
export const LOADING_CLOSE_EVENT = "kalinga:loading-close";

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** How many of one kind of wait are under way; pair every begin() with one end(), in a finally. */
function waits() {
  let under = 0;
  return {
    get count(): number {
      return under;
    },
    begin(): void {
      under += 1;
      notify();
    },
    end(): void {
      under = Math.max(0, under - 1);
      notify();
    },
  };
}

/** Requests running. */
const requests = waits();
/** Proof-of-work challenges being solved. */
const checks = waits();
/** Calls sent again while their first attempt's key is held (409). */
const resends = waits();
let openedByEvent = false;

export const loading = {
  /** Requests running plus one while opened by event; the overlay shows while above 0. */
  get count(): number {
    return requests.count + (openedByEvent ? 1 : 0);
  },
  begin: requests.begin,
  end: requests.end,
  beginCheck: checks.begin,
  endCheck: checks.end,
  beginResend: resends.begin,
  endResend: resends.end,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the overlay shows now; a stable snapshot for useSyncExternalStore. */
export const isLoading = () => loading.count > 0;

/** Whether the overlay says the connection is being checked (a challenge is being solved). */
export const isChecking = () => checks.count > 0;

/** Whether the overlay says the call is still being sent (its first attempt was cut off). */
export const isResending = () => resends.count > 0;

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
