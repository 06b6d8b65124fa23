import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { bucketAt } from "../../../../scripts/s3rver-bucket.ts";

// A real S3-compatible server (s3rver) on a free local port, its objects in a temporary folder,
// with one bucket made: the S3 document store's tests and the server-s3 project run against it.

const S3_TEST_BUCKET = "kalinga-documents";
const require = createRequire(import.meta.url);

export type S3TestServer = {
  readonly endpoint: string;
  /** The settings that point a server at this bucket (under the given prefix, if any). */
  env(prefix?: string): Record<string, string>;
  /** Stops answering; start() listens again on the same port, over the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** How many objects the bucket holds, under every prefix. */
  objectCount(): Promise<number>;
  /** Stops and removes the objects' folder. */
  close(): Promise<void>;
};

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "kalinga-s3-"));
  const open = (port: number) =>
    new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: S3_TEST_BUCKET }],
    });
  let server: S3rver | null = open(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = bucketAt(endpoint, S3_TEST_BUCKET);

  return {
    endpoint,
    env: (prefix) => ({
      ...bucket.env,
      ...(prefix ? { KALINGA_S3_PREFIX: prefix } : {}),
    }),
    async objectCount() {
      return (await bucket.keys()).length;
    },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = open(port);
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A free port on loopback, closed again at once for a child to listen on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The same server in a process of its own, for listings past one page: s3rver seals its
 * continuation tokens with DES, which this Node's OpenSSL offers only under its legacy provider.
 */
export async function startS3ServerProcess(): Promise<Pick<S3TestServer, "env" | "close">> {
  const directory = await mkdtemp(path.join(tmpdir(), "kalinga-s3-process-"));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      require.resolve("s3rver/bin/s3rver.js"),
      ...["-d", directory, "-a", "127.0.0.1", "-p", String(port), "--silent"],
      ...["--configure-bucket", S3_TEST_BUCKET],
    ],
    { stdio: "ignore" },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while ((await fetch(endpoint).catch(() => null)) === null) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error("The S3-compatible server's process did not start.");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const bucket = bucketAt(endpoint, S3_TEST_BUCKET);
  return {
    env: (prefix) => ({ ...bucket.env, ...(prefix ? { KALINGA_S3_PREFIX: prefix } : {}) }),
    close,
  };
}
