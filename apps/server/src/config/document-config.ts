import path from "node:path";
import { ConfigError, type Env, integer as wholeNumber } from "./config-values.ts";
import { loadS3StoreConfig, type S3StoreConfig } from "./s3-config.ts";

export type DocumentLimits = {
  /** Largest upload accepted, in bytes. */
  maxFileBytes: number;
  /** Images with more pixels are refused from their header, before any decoding. */
  maxImagePixels: number;
  /** Longest side of a re-encoded photo, in pixels; larger photos are scaled down. */
  maxImageSide: number;
  /** JPEG quality of re-encoded photos (1–100). */
  jpegQuality: number;
  /** A decode taking longer is abandoned (guards against pathological files). */
  decodeTimeoutSeconds: number;
  /** Opening a PDF taking longer is abandoned and the file refused. */
  pdfCheckSeconds: number;
  /** Bytes a PDF's streams may inflate to while it is opened, all streams together. */
  pdfMaxInflatedBytes: number;
  /** Heap (V8 old generation) of the worker that opens a PDF, in MB. */
  pdfCheckHeapMb: number;
  /** A PDF with more pages is refused with a message asking to split it. */
  pdfMaxPages: number;
  /** Conversions (photo re-encoded, PDF opened) at once in the process; the others wait their turn. */
  maxConversions: number;
};

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxImagePixels: 50_000_000,
  maxImageSide: 3000,
  jpegQuality: 82,
  decodeTimeoutSeconds: 30,
  pdfCheckSeconds: 10,
  pdfMaxInflatedBytes: 100 * 1024 * 1024,
  pdfCheckHeapMb: 128,
  pdfMaxPages: 200,
  maxConversions: 1,
};

export type ClaimDocumentLimits = { maxFiles: number; maxBytes: number };

export const DEFAULT_CLAIM_DOCUMENT_LIMITS: ClaimDocumentLimits = {
  maxFiles: 30,
  maxBytes: 100 * 1024 * 1024,
};

// The document settings of the server, read from the environment like the rest of loadConfig.
// docs/server.md ("Documents") lists each variable with its default.

export type DocumentConfig = {
  /** Where document bytes live: the local disk, or an S3-compatible bucket (decision 0098). */
  store: "disk" | "s3";
  /** Where the disk store keeps files: never inside a folder the server serves. */
  dir: string;
  /** The bucket's settings when store is "s3", else null. */
  s3: S3StoreConfig | null;
  file: DocumentLimits;
  claim: ClaimDocumentLimits;
  uploads: UploadRateLimits;
};

/**
 * uploadDocument calls counted per claim and per client address (docs/decisions/0029). The
 * per-claim limit stops one abuser; the per-address one is a ceiling sized for carrier-grade NAT.
 */
export type UploadRateLimits = {
  claimLimit: number;
  claimWindowSeconds: number;
  addressLimit: number;
  addressWindowSeconds: number;
};

/** Twice the files a claim holds per 10 minutes; 100 claimants × 15 files × 2 per address. */
export const DEFAULT_UPLOAD_RATE_LIMITS: UploadRateLimits = {
  claimLimit: 60,
  claimWindowSeconds: 600,
  addressLimit: 3000,
  addressWindowSeconds: 600,
};

const MEGABYTE = 1024 * 1024;

function isInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

export function loadDocumentConfig(
  env: Env,
  folders: { dataDir: string; servedDirs: string[] },
): DocumentConfig {
  const store = env.DOCUMENT_STORE?.trim() || "disk";
  if (store !== "disk" && store !== "s3") {
    throw new ConfigError(`DOCUMENT_STORE must be disk or s3, got "${store}".`);
  }

  const dir = path.resolve(
    env.KALINGA_DOCUMENTS_DIR?.trim() || path.join(folders.dataDir, "documents"),
  );
  const served = folders.servedDirs.find(
    (servedDir) => isInside(dir, path.resolve(servedDir)) || isInside(path.resolve(servedDir), dir),
  );
  if (served !== undefined) {
    throw new ConfigError(
      `KALINGA_DOCUMENTS_DIR (${dir}) must not be inside or contain a folder the server serves (${served}).`,
    );
  }

  const maxFileMb = wholeNumber(env, "DOCUMENT_MAX_FILE_MB", 10, 1, 50);
  const maxClaimMb = wholeNumber(env, "DOCUMENT_MAX_CLAIM_MB", 100, 1, 10_000);
  if (maxClaimMb < maxFileMb) {
    throw new ConfigError("DOCUMENT_MAX_CLAIM_MB cannot be smaller than DOCUMENT_MAX_FILE_MB.");
  }
  return {
    store,
    dir,
    s3: store === "s3" ? loadS3StoreConfig(env) : null,
    file: {
      ...DEFAULT_DOCUMENT_LIMITS,
      maxFileBytes: maxFileMb * MEGABYTE,
      maxImagePixels: wholeNumber(env, "DOCUMENT_MAX_IMAGE_MEGAPIXELS", 50, 1, 200) * 1_000_000,
      pdfCheckSeconds: wholeNumber(env, "DOCUMENT_PDF_CHECK_SECONDS", 10, 1, 120),
      pdfMaxInflatedBytes:
        wholeNumber(env, "DOCUMENT_PDF_MAX_INFLATED_MB", 100, 1, 1000) * MEGABYTE,
      pdfCheckHeapMb: wholeNumber(env, "DOCUMENT_PDF_CHECK_HEAP_MB", 128, 32, 2048),
      pdfMaxPages: wholeNumber(env, "DOCUMENT_PDF_MAX_PAGES", 200, 1, 5000),
      maxConversions: wholeNumber(env, "DOCUMENT_CONVERSIONS", 1, 1, 64),
    },
    claim: {
      maxFiles: wholeNumber(env, "DOCUMENT_MAX_CLAIM_FILES", 30, 1, 500),
      maxBytes: maxClaimMb * MEGABYTE,
    },
    uploads: loadUploadRateLimits(env),
  };
}

function loadUploadRateLimits(env: Env): UploadRateLimits {
  const defaults = DEFAULT_UPLOAD_RATE_LIMITS;
  const DAY_SECONDS = 24 * 3600;
  return {
    claimLimit: wholeNumber(env, "DOCUMENT_UPLOAD_CLAIM_LIMIT", defaults.claimLimit, 1, 100_000),
    claimWindowSeconds: wholeNumber(
      env,
      "DOCUMENT_UPLOAD_CLAIM_WINDOW_SECONDS",
      defaults.claimWindowSeconds,
      1,
      DAY_SECONDS,
    ),
    addressLimit: wholeNumber(
      env,
      "DOCUMENT_UPLOAD_ADDRESS_LIMIT",
      defaults.addressLimit,
      1,
      10_000_000,
    ),
    addressWindowSeconds: wholeNumber(
      env,
      "DOCUMENT_UPLOAD_ADDRESS_WINDOW_SECONDS",
      defaults.addressWindowSeconds,
      1,
      DAY_SECONDS,
    ),
  };
}
