import { Worker } from "node:worker_threads";

// Opens an uploaded PDF in a worker thread of its own, so that one file can never block the event
// loop or take the server's memory: the worker has a heap limit, a cap on the bytes pdf-lib may
// inflate (pdf-check-worker.ts) and a deadline after which it is terminated.

export type PdfCheckLimits = {
  /** The worker is terminated after this long. */
  seconds: number;
  /** Bytes the worker may inflate from the file's streams, all streams together. */
  maxInflatedBytes: number;
  /** The worker's V8 heap (old generation), in MB. */
  heapMb: number;
};

export type PdfCheckInput = { bytes: Uint8Array; maxInflatedBytes: number };

export type PdfCheckOutcome =
  | { outcome: "ok"; pageCount: number }
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
  return { worker, heapMb };
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

export async function checkPdf(
  bytes: Uint8Array,
  limits: PdfCheckLimits,
): Promise<PdfCheckOutcome> {
  const pooled = await acquire(limits.heapMb);
  const { outcome, reusable } = await runCheck(pooled.worker, bytes, limits);
  release(pooled, reusable);
  return outcome;
}

function runCheck(
  worker: Worker,
  bytes: Uint8Array,
  limits: PdfCheckLimits,
): Promise<{ outcome: PdfCheckOutcome; reusable: boolean }> {
  return new Promise((resolve) => {
    const settle = (outcome: PdfCheckOutcome, reusable: boolean) => {
      clearTimeout(deadline);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      resolve({ outcome, reusable });
    };
    const onMessage = (outcome: PdfCheckOutcome) => settle(outcome, true);
    const onError = (error: Error & { code?: string }) =>
      settle(
        { outcome: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "heap-limit" : "unreadable" },
        false,
      );
    const onExit = () => settle({ outcome: "unreadable" }, false);
    const deadline = setTimeout(
      () => settle({ outcome: "too-slow" }, false),
      limits.seconds * 1000,
    );
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    const input: PdfCheckInput = { bytes, maxInflatedBytes: limits.maxInflatedBytes };
    worker.postMessage(input);
  });
}
