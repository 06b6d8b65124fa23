import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

// What starting a Kalinga server process from a journey or a benchmark shares: a free port, the
// wait for its health check, and a stop that does not hang on a server that will not end.

/** A port nothing listens on right now, chosen by the system. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `baseUrl`'s GET /healthz answers 200. Fails, with `describe()`'s account of the
 * server's output, when the process ends first or the time runs out.
 */
export async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  options: { timeoutMs: number; describe: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const why = child.exitCode === null ? "did not start in time" : `stopped (${child.exitCode})`;
  throw new Error(`The server at ${baseUrl} ${why}:\n${options.describe()}`);
}

/** SIGTERM, then SIGKILL after five seconds; resolves once the process has ended. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
