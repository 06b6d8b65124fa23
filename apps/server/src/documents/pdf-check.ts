import { Worker } from "node:worker_threads";

// Opens an uploaded PDF in a worker thread of its own, so that one file can never block the event
// loop or take the server's memory: the worker has a heap limit, a cap on the bytes pdf-lib may
// inflate (pdf-check-worker.ts) and a deadline after which it is terminated. The same worker
// counts the pages against the limit and rebuilds the file without its active content.

export type PdfCheckLimits = {
  /** The worker is terminated after this long. */
  seconds: number;
  /** Bytes the worker may inflate from the file's streams, all streams together. */
  maxInflatedBytes: number;
  /** The worker's V8 heap (old generation), in MB. */
  heapMb: number;
  /** More pages than this are refused before anything else is done with the file. */
  maxPages: number;
};

export type PdfCheckInput = { bytes: Uint8Array; maxInflatedBytes: number; maxPages: number };

export type PdfCheckOutcome =
  /**
   * Opens, within the page limit. `pdf`: the file rebuilt without the active content named in
   * `removed` (scripts, actions, embedded files); absent when there was none to remove.
   */
  | { outcome: "ok"; pageCount: number; pdf?: Uint8Array; removed?: string[] }
  /** More pages than the limit. */
  | { outcome: "too-many-pages"; pageCount: number }
  /** Encrypted (owner password only) and holding active content that cannot be removed here. */
  | { outcome: "encrypted-active-content" }
  /** Cannot be opened without a user password. */
  | { outcome: "password" }
  /** Opens without a password, yet its encrypted parts (object streams) cannot be read here. */
  | { outcome: "restricted-unreadable" }
  | { outcome: "unreadable" }
  /** Past the inflate cap, the heap limit or the deadline. */
  | { outcome: "inflate-limit" }
  | { outcome: "heap-limit" }
  | { outcome: "too-slow" };

const WORKER_URL = new URL("./pdf-check-worker.ts", import.meta.url);

/**
 * Workers at once; more checks wait their turn, so concurrent uploads cannot multiply the memory
 * bound. A worker stays for the next check (loading pdf-lib takes most of a second) unless it was
 * terminated or ran out of memory.
 */
const MAX_WORKERS = 2;

type PooledWorker = { worker: Worker; heapMb: number };

const idle: PooledWorker[] = [];
const waiting: (() => void)[] = [];
let workers = 0;

function startWorker(heapMb: number): PooledWorker {
  const worker = new Worker(WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  });
  // An idle worker must not keep the process alive once the server has closed.
  worker.unref();
  const pooled = { worker, heapMb };
  // A check listens for its own outcome; an error outside one must not become an uncaught one.
  worker.on("error", () => {});
  worker.once("exit", () => {
    const index = idle.indexOf(pooled);
    if (index === -1) return;
    idle.splice(index, 1);
    workers--;
    waiting.shift()?.();
  });
  return pooled;
}

async function acquire(heapMb: number): Promise<PooledWorker> {
  for (;;) {
    const pooled = idle.pop();
    if (pooled && pooled.heapMb === heapMb) return pooled;
    if (pooled) {
      void pooled.worker.terminate();
      workers--;
    }
    if (workers < MAX_WORKERS) {
      workers++;
      return startWorker(heapMb);
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function release(pooled: PooledWorker, reusable: boolean): void {
  if (reusable) {
    idle.push(pooled);
  } else {
    void pooled.worker.terminate();
    workers--;
  }
  waiting.shift()?.();
}

/** The outcome for the file; rejects only when the worker itself fails (a bug, not the file). */
export async function checkPdf(
  bytes: Uint8Array,
  limits: PdfCheckLimits,
): Promise<PdfCheckOutcome> {
  const pooled = await acquire(limits.heapMb);
  let reusable = false;
  try {
    const outcome = await runCheck(pooled.worker, bytes, limits);
    reusable = outcome.outcome !== "too-slow" && outcome.outcome !== "heap-limit";
    return outcome;
  } finally {
    release(pooled, reusable);
  }
}

function runCheck(
  worker: Worker,
  bytes: Uint8Array,
  limits: PdfCheckLimits,
): Promise<PdfCheckOutcome> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(deadline);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (outcome: PdfCheckOutcome) => {
      done();
      resolve(outcome);
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") resolve({ outcome: "heap-limit" });
      else reject(error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`The PDF check worker exited with code ${code}.`));
    };
    const deadline = setTimeout(() => {
      done();
      resolve({ outcome: "too-slow" });
    }, limits.seconds * 1000);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const input: PdfCheckInput = {
      bytes,
      maxInflatedBytes: limits.maxInflatedBytes,
      maxPages: limits.maxPages,
    };
    worker.postMessage(input);
  });
}
