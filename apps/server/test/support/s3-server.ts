import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { bucketAt } from "../../../../scripts/s3rver-bucket.ts";

// A real S3-compatible server (s3rver) on a free local port, its objects in a temporary folder,
// with one bucket made: the S3 document store's tests and the server-s3 project run against it.

const S3_TEST_BUCKET = "kalinga-documents";

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
