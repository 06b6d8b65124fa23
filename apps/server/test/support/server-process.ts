import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_SECRET } from "./test-app.ts";

// main.ts as a real process on a free port: started, waited for until it prints its port, killed.

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/main.ts");

export type ServerProcess = { child: ChildProcess; baseUrl: string; output: () => string };

/**
 * `env` on top of a test server's (the outbox readers on, the test secret every server on a test
 * database shares); a variable given as undefined is unset.
 */
export function runServer(env: Record<string, string | undefined>): ChildProcess {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "test",
    KALINGA_DEMO: "true",
    LOG_LEVEL: "silent",
    KALINGA_SECRET: TEST_SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined) delete merged[name];
  }
  return spawn(process.execPath, [MAIN], { env: merged, stdio: ["ignore", "pipe", "pipe"] });
}

/** Starts main.ts and resolves once it listens (it prints "on port N"). */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = runServer(env);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s: ${output}`)), 30_000);
    const check = () => {
      const match = output.match(/on port (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

/** Resolves with the exit code once the process has ended (null when a signal ended it). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** SIGKILL: no shutdown hook runs, as when the machine loses power or the kernel ends the process. */
export async function killOutright(server: ServerProcess): Promise<void> {
  server.child.kill("SIGKILL");
  await exited(server.child);
}
