import { ConfigError, type Env, flag, text } from "./config-values.ts";

// The settings of the S3-compatible document store (docs/decisions/0098), read only when
// DOCUMENT_STORE=s3. Credentials come in a pair or not at all: without them the SDK's default
// chain (environment, shared files, instance or container role) supplies them.

type S3ServerSideEncryption = "AES256" | "aws:kms";

export type S3StoreConfig = {
  /** null: the provider's own endpoint for the region (AWS S3 itself). */
  endpoint: string | null;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: most local servers. */
  forcePathStyle: boolean;
  /** Passed on every write; null leaves encryption to the bucket's default. */
  serverSideEncryption: S3ServerSideEncryption | null;
  /** With aws:kms, the key to encrypt with; null is the account's default S3 key. */
  kmsKeyId: string | null;
  /** Prepended to every storage key, ending in "/" (or empty): one bucket can hold several stores. */
  prefix: string;
};

/** The rules S3 sets for bucket names (3–63 lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,32}$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]{1,200}$/;

function endpointOf(env: Env): string | null {
  const raw = text(env, "KALINGA_S3_ENDPOINT");
  if (raw === null) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol === "http:" || url.protocol === "https:") && url.search === "") {
      return url.toString().replace(/\/$/, "");
    }
  } catch {
    // reported below
  }
  throw new ConfigError(
    `KALINGA_S3_ENDPOINT must be an http(s) URL like https://s3.example.ph, got "${raw}".`,
  );
}

function credentialsOf(env: Env): S3StoreConfig["credentials"] {
  const accessKeyId = text(env, "KALINGA_S3_ACCESS_KEY_ID");
  const secretAccessKey = text(env, "KALINGA_S3_SECRET_ACCESS_KEY");
  if (accessKeyId === null && secretAccessKey === null) return null;
  if (accessKeyId === null || secretAccessKey === null) {
    throw new ConfigError(
      "KALINGA_S3_ACCESS_KEY_ID and KALINGA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's default credentials.",
    );
  }
  return { accessKeyId, secretAccessKey };
}

function encryptionOf(env: Env): Pick<S3StoreConfig, "serverSideEncryption" | "kmsKeyId"> {
  const sse = text(env, "KALINGA_S3_SSE");
  const kmsKeyId = text(env, "KALINGA_S3_SSE_KMS_KEY_ID");
  if (sse !== null && sse !== "AES256" && sse !== "aws:kms") {
    throw new ConfigError(`KALINGA_S3_SSE must be AES256 or aws:kms, got "${sse}".`);
  }
  if (kmsKeyId !== null && sse !== "aws:kms") {
    throw new ConfigError("KALINGA_S3_SSE_KMS_KEY_ID is only used with KALINGA_S3_SSE=aws:kms.");
  }
  return { serverSideEncryption: sse, kmsKeyId };
}

function prefixOf(env: Env): string {
  const raw = text(env, "KALINGA_S3_PREFIX");
  if (raw === null) return "";
  if (!PREFIX.test(raw) || raw.startsWith("/") || raw.includes("//")) {
    throw new ConfigError(
      `KALINGA_S3_PREFIX must be letters, digits and - _ . / (not starting with / nor holding //), got "${raw}".`,
    );
  }
  return raw.endsWith("/") ? raw : `${raw}/`;
}

export function loadS3StoreConfig(env: Env): S3StoreConfig {
  const bucket = text(env, "KALINGA_S3_BUCKET");
  if (bucket === null)
    throw new ConfigError("KALINGA_S3_BUCKET is required when DOCUMENT_STORE=s3.");
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(
      `KALINGA_S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), got "${bucket}".`,
    );
  }
  const region = text(env, "KALINGA_S3_REGION");
  if (region === null)
    throw new ConfigError("KALINGA_S3_REGION is required when DOCUMENT_STORE=s3.");
  if (!REGION.test(region)) {
    throw new ConfigError(
      `KALINGA_S3_REGION must be a region like ap-southeast-1, got "${region}".`,
    );
  }
  return {
    endpoint: endpointOf(env),
    bucket,
    region,
    credentials: credentialsOf(env),
    forcePathStyle: flag(env, "KALINGA_S3_FORCE_PATH_STYLE", false),
    ...encryptionOf(env),
    prefix: prefixOf(env),
  };
}
