import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

// A real S3-compatible server (s3rver) on a free local port, its objects in a temporary folder,
// with one bucket made: the S3 document store's tests and the server-s3 project run against it.

const S3_TEST_BUCKET = "kalinga-documents";
/** s3rver's own credentials: it checks each request's signature against them. */
const S3RVER_KEY = "S3RVER";

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

  return {
    endpoint,
    env: (prefix) => ({
      DOCUMENT_STORE: "s3",
      KALINGA_S3_ENDPOINT: endpoint,
      KALINGA_S3_BUCKET: S3_TEST_BUCKET,
      KALINGA_S3_REGION: "us-east-1",
      KALINGA_S3_ACCESS_KEY_ID: S3RVER_KEY,
      KALINGA_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      KALINGA_S3_FORCE_PATH_STYLE: "true",
      ...(prefix ? { KALINGA_S3_PREFIX: prefix } : {}),
    }),
    async objectCount() {
      const client = new S3Client({
        endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      });
      try {
        const page = await client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET }));
        return page.KeyCount ?? 0;
      } finally {
        client.destroy();
      }
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
