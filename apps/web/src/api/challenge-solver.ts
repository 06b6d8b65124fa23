import type { ProofOfWorkChallenge } from "@kalinga/domain/claim-api";
import { whileMounted } from "../widget/widget-work.ts";

// Loaded only when the server asks a proof of work (docs/decisions/0061): solves the challenge in a
// Web Worker and returns the header value that answers it, base64 JSON { challenge, solution }.

type Solution = { counter: number; derivedKey: string };

function solveInWorker(challenge: ProofOfWorkChallenge): Promise<Solution | null> {
  const worker = new Worker(new URL("./challenge-worker.ts", import.meta.url), { type: "module" });
  let release = () => {};
  return new Promise<Solution | null>((resolve) => {
    // Unmounting the widget ends the search: no screen is left to send its answer.
    release = whileMounted(() => resolve(null));
    worker.onmessage = (event: MessageEvent<Solution | null>) => resolve(event.data);
    worker.onerror = () => resolve(null);
    worker.postMessage(challenge);
  }).finally(() => {
    release();
    worker.terminate();
  });
}

/** A page on another origin than the widget's may not start its worker: then the page solves it. */
async function solveOnPage(challenge: ProofOfWorkChallenge): Promise<Solution | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import("altcha-lib"),
    import("altcha-lib/algorithms/web/sha"),
  ]);
  return solveChallenge({ challenge, deriveKey });
}

export async function solveChallenge(challenge: ProofOfWorkChallenge): Promise<string | null> {
  let solution: Solution | null;
  try {
    solution = await solveInWorker(challenge);
  } catch {
    solution = await solveOnPage(challenge).catch(() => null);
  }
  if (!solution) return null;
  const { counter, derivedKey } = solution;
  return btoa(JSON.stringify({ challenge, solution: { counter, derivedKey } }));
}
