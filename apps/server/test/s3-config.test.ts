import { describe, expect, it } from "vitest";
import { ConfigError } from "../src/config/config-values.ts";
import { loadS3StoreConfig } from "../src/config/s3-config.ts";
import { loadConfig } from "../src/config.ts";

// The S3 document store's settings (decision 0098): what is required, what is passed on, and a
// refusal naming the variable for each bad value.

const REQUIRED = { KALINGA_S3_BUCKET: "kalinga-documents", KALINGA_S3_REGION: "ap-southeast-1" };

describe("loadS3StoreConfig", () => {
  it("needs a bucket and a region; AWS itself and the SDK's credentials otherwise", () => {
    expect(loadS3StoreConfig(REQUIRED)).toEqual({
      endpoint: null,
      bucket: "kalinga-documents",
      region: "ap-southeast-1",
      credentials: null,
      forcePathStyle: false,
      serverSideEncryption: null,
      kmsKeyId: null,
      prefix: "",
    });
  });

  it("takes an S3-compatible server, its keys, path-style, KMS encryption and a prefix", () => {
    expect(
      loadS3StoreConfig({
        ...REQUIRED,
        KALINGA_S3_ENDPOINT: "https://minio.internal:9000/",
        KALINGA_S3_ACCESS_KEY_ID: "kalinga",
        KALINGA_S3_SECRET_ACCESS_KEY: "a-secret",
        KALINGA_S3_FORCE_PATH_STYLE: "true",
        KALINGA_S3_SSE: "aws:kms",
        KALINGA_S3_SSE_KMS_KEY_ID: "alias/kalinga-documents",
        KALINGA_S3_PREFIX: "production/claims",
      }),
    ).toEqual({
      endpoint: "https://minio.internal:9000",
      bucket: "kalinga-documents",
      region: "ap-southeast-1",
      credentials: { accessKeyId: "kalinga", secretAccessKey: "a-secret" },
      forcePathStyle: true,
      serverSideEncryption: "aws:kms",
      kmsKeyId: "alias/kalinga-documents",
      prefix: "production/claims/",
    });
  });

  it.each([
    [
      { KALINGA_S3_REGION: "ap-southeast-1" },
      /KALINGA_S3_BUCKET is required when DOCUMENT_STORE=s3/,
    ],
    [{ ...REQUIRED, KALINGA_S3_BUCKET: "Kalinga_Docs" }, /KALINGA_S3_BUCKET must be a bucket name/],
    [{ KALINGA_S3_BUCKET: "kalinga-documents" }, /KALINGA_S3_REGION is required/],
    [{ ...REQUIRED, KALINGA_S3_REGION: "Manila 1" }, /KALINGA_S3_REGION must be a region/],
    [{ ...REQUIRED, KALINGA_S3_ENDPOINT: "minio:9000" }, /KALINGA_S3_ENDPOINT must be an http/],
    [{ ...REQUIRED, KALINGA_S3_ENDPOINT: "ftp://minio" }, /KALINGA_S3_ENDPOINT must be an http/],
    [{ ...REQUIRED, KALINGA_S3_ACCESS_KEY_ID: "kalinga" }, /go together: set both, or neither/],
    [{ ...REQUIRED, KALINGA_S3_SECRET_ACCESS_KEY: "secret" }, /go together: set both, or neither/],
    [{ ...REQUIRED, KALINGA_S3_FORCE_PATH_STYLE: "path" }, /KALINGA_S3_FORCE_PATH_STYLE must be/],
    [{ ...REQUIRED, KALINGA_S3_SSE: "aes256" }, /KALINGA_S3_SSE must be AES256 or aws:kms/],
    [
      { ...REQUIRED, KALINGA_S3_SSE: "AES256", KALINGA_S3_SSE_KMS_KEY_ID: "alias/x" },
      /only used with KALINGA_S3_SSE=aws:kms/,
    ],
    [{ ...REQUIRED, KALINGA_S3_PREFIX: "/claims" }, /KALINGA_S3_PREFIX must be/],
    [{ ...REQUIRED, KALINGA_S3_PREFIX: "claims//2026" }, /KALINGA_S3_PREFIX must be/],
    [{ ...REQUIRED, KALINGA_S3_PREFIX: "claims?x" }, /KALINGA_S3_PREFIX must be/],
  ])("refuses %o", (env, message) => {
    expect(() => loadS3StoreConfig(env)).toThrow(ConfigError);
    expect(() => loadS3StoreConfig(env)).toThrow(message);
  });

  it("is read only when DOCUMENT_STORE=s3, and then at start-up", () => {
    expect(loadConfig({ KALINGA_S3_BUCKET: "Not A Bucket" }).documents.s3).toBeNull();
    expect(loadConfig({ DOCUMENT_STORE: "s3", ...REQUIRED }).documents.s3?.bucket).toBe(
      "kalinga-documents",
    );
    expect(() => loadConfig({ DOCUMENT_STORE: "s3" })).toThrow(/KALINGA_S3_BUCKET is required/);
  });
});
