import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";

// The proof-of-work solver, off the main thread so the page stays responsive while it works
// (docs/decisions/0061): it takes one ALTCHA challenge and answers its solution, or null.

type WorkerScope = {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
};
const scope = self as unknown as WorkerScope;

scope.onmessage = async (event) => {
  try {
    const solution = await solveChallenge({ challenge: event.data, deriveKey });
    scope.postMessage(solution);
  } catch {
    scope.postMessage(null);
  }
};
