import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

// A bucket of the local S3-compatible server (s3rver) that the tests, the journeys and the
// production-like run start: the settings that point Kalinga at it, and a reader of its keys.

/** s3rver's own credentials: it checks each request's signature against them. */
export const S3RVER_KEY = "S3RVER";

export type Bucket = {
  env: Record<string, string>;
  /** The keys of the objects in the bucket. */
  keys(): Promise<string[]>;
};

/** The settings and the reader of a bucket in the S3-compatible server at `endpoint`. */
export function bucketAt(endpoint: string, bucket: string): Bucket {
  return {
    env: {
      DOCUMENT_STORE: "s3",
      KALINGA_S3_ENDPOINT: endpoint,
      KALINGA_S3_BUCKET: bucket,
      KALINGA_S3_REGION: "us-east-1",
      KALINGA_S3_ACCESS_KEY_ID: S3RVER_KEY,
      KALINGA_S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      KALINGA_S3_FORCE_PATH_STYLE: "true",
    },
    async keys() {
      const client = new S3Client({
        endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      });
      try {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (page.Contents ?? []).map((object) => object.Key ?? "");
      } finally {
        client.destroy();
      }
    },
  };
}
