import { createHash } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { S3StoreConfig } from "../config/s3-config.ts";
import {
  assertStorageKey,
  DocumentNotFoundError,
  type DocumentStore,
  isStorageKey,
  type StoredFile,
} from "./document-store.ts";

// Documents in an S3-compatible bucket, each under <prefix><key> (docs/decisions/0098). A PUT is
// atomic: the object appears whole or not at all, and the SDK resolves only once the server has
// answered 200, that is once the object is stored durably. Every write carries its Content-MD5,
// which every S3-compatible server checks, in place of the SDK's newer checksums that not all of
// them know.

/** A request stuck longer is abandoned; the SDK's retries apply to each attempt. */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECTION_TIMEOUT_MS = 5_000;

function clientConfig(config: S3StoreConfig): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the API requires them: S3-compatible servers that predate the SDK's
    // default CRC checksums refuse or ignore them. Content-MD5 guards each write instead.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
    },
  };
}

/** The object is not there (its key, or for HEAD the bare 404 that carries no name). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === "NoSuchKey" ||
    (failure.name === "NotFound" && failure.$metadata?.httpStatusCode === 404)
  );
}

export function createS3DocumentStore(config: S3StoreConfig): DocumentStore {
  const client = new S3Client(clientConfig(config));
  const { bucket, prefix } = config;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  const encryption = {
    ...(config.serverSideEncryption ? { ServerSideEncryption: config.serverSideEncryption } : {}),
    ...(config.kmsKeyId ? { SSEKMSKeyId: config.kmsKeyId } : {}),
  };

  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentMD5: createHash("md5").update(bytes).digest("base64"),
          ContentType: "application/octet-stream",
          ...encryption,
        }),
      );
    },

    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) throw new Error(`The bucket answered without a body for ${key}.`);
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) throw new DocumentNotFoundError(`No document stored under ${key}.`);
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a key that holds nothing as well.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(): AsyncIterable<StoredFile> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? "";
          // Only keys the store wrote: anything else sharing the bucket or prefix is not ours.
          if (!isStorageKey(key) || !object.LastModified) continue;
          yield { key, modifiedAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async removeUnfinishedWrites() {
      // A single PUT leaves nothing behind when it fails, and this store never starts multipart
      // uploads (a document is at most 50 MB, under the 5 GB of one PUT).
      return 0;
    },

    close() {
      client.destroy();
    },
  };
}
