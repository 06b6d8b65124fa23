import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../src/config/config-values.ts";
import { loadDocumentConfig } from "../src/config/document-config.ts";
import { loadConfig } from "../src/config.ts";

// Document settings from the environment: the defaults of docs/server.md and clear refusals.

const folders = {
  dataDir: "/srv/kalinga/data",
  servedDirs: ["/srv/kalinga/widget", "/srv/kalinga/content"],
};

describe("loadDocumentConfig", () => {
  it("keeps documents on disk under the data folder, 10 MB a file, 30 files and 100 MB a claim", () => {
    expect(loadDocumentConfig({}, folders)).toEqual({
      store: "disk",
      dir: "/srv/kalinga/data/documents",
      s3: null,
      file: {
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
      },
      claim: { maxFiles: 30, maxBytes: 100 * 1024 * 1024 },
      uploads: {
        claimLimit: 60,
        claimWindowSeconds: 600,
        addressLimit: 3000,
        addressWindowSeconds: 600,
      },
    });
  });

  it("takes the upload limits per claim and per address from the environment", () => {
    const config = loadDocumentConfig(
      {
        DOCUMENT_UPLOAD_CLAIM_LIMIT: "20",
        DOCUMENT_UPLOAD_CLAIM_WINDOW_SECONDS: "300",
        DOCUMENT_UPLOAD_ADDRESS_LIMIT: "10000",
        DOCUMENT_UPLOAD_ADDRESS_WINDOW_SECONDS: "3600",
      },
      folders,
    );
    expect(config.uploads).toEqual({
      claimLimit: 20,
      claimWindowSeconds: 300,
      addressLimit: 10_000,
      addressWindowSeconds: 3600,
    });
  });

  it("takes every limit from the environment", () => {
    const config = loadDocumentConfig(
      {
        KALINGA_DOCUMENTS_DIR: "/var/lib/kalinga-documents",
        DOCUMENT_MAX_FILE_MB: "5",
        DOCUMENT_MAX_CLAIM_MB: "40",
        DOCUMENT_MAX_CLAIM_FILES: "12",
        DOCUMENT_MAX_IMAGE_MEGAPIXELS: "24",
        DOCUMENT_PDF_CHECK_SECONDS: "5",
        DOCUMENT_PDF_MAX_INFLATED_MB: "50",
        DOCUMENT_PDF_CHECK_HEAP_MB: "96",
        DOCUMENT_PDF_MAX_PAGES: "50",
      },
      folders,
    );
    expect(config.dir).toBe(path.resolve("/var/lib/kalinga-documents"));
    expect(config.file.maxFileBytes).toBe(5 * 1024 * 1024);
    expect(config.file.maxImagePixels).toBe(24_000_000);
    expect(config.file.pdfCheckSeconds).toBe(5);
    expect(config.file.pdfMaxInflatedBytes).toBe(50 * 1024 * 1024);
    expect(config.file.pdfCheckHeapMb).toBe(96);
    expect(config.file.pdfMaxPages).toBe(50);
    expect(config.claim).toEqual({ maxFiles: 12, maxBytes: 40 * 1024 * 1024 });
  });

  it.each([
    [{ DOCUMENT_STORE: "nas" }, /DOCUMENT_STORE must be disk or s3, got "nas"/],
    [
      { KALINGA_DOCUMENTS_DIR: "/srv/kalinga/widget/uploads" },
      /must not be inside or contain a folder the server serves/,
    ],
    [
      { KALINGA_DOCUMENTS_DIR: "/srv/kalinga" },
      /must not be inside or contain a folder the server serves/,
    ],
    [{ DOCUMENT_MAX_FILE_MB: "10MB" }, /DOCUMENT_MAX_FILE_MB must be a whole number/],
    [{ DOCUMENT_MAX_FILE_MB: "51" }, /DOCUMENT_MAX_FILE_MB must be between 1 and 50, got 51/],
    [{ DOCUMENT_MAX_FILE_MB: "20", DOCUMENT_MAX_CLAIM_MB: "10" }, /cannot be smaller/],
    [{ DOCUMENT_MAX_CLAIM_FILES: "0" }, /DOCUMENT_MAX_CLAIM_FILES must be between 1 and 500/],
    [{ DOCUMENT_UPLOAD_CLAIM_LIMIT: "0" }, /DOCUMENT_UPLOAD_CLAIM_LIMIT must be between 1/],
    [{ DOCUMENT_UPLOAD_ADDRESS_LIMIT: "many" }, /DOCUMENT_UPLOAD_ADDRESS_LIMIT must be a whole/],
    [
      { DOCUMENT_UPLOAD_ADDRESS_WINDOW_SECONDS: "86401" },
      /DOCUMENT_UPLOAD_ADDRESS_WINDOW_SECONDS must be between 1 and 86400/,
    ],
    [
      { DOCUMENT_PDF_CHECK_HEAP_MB: "16" },
      /DOCUMENT_PDF_CHECK_HEAP_MB must be between 32 and 2048/,
    ],
    [{ DOCUMENT_PDF_MAX_PAGES: "0" }, /DOCUMENT_PDF_MAX_PAGES must be between 1 and 5000, got 0/],
    [{ DOCUMENT_PDF_MAX_PAGES: "200 pages" }, /DOCUMENT_PDF_MAX_PAGES must be a whole number/],
    [{ DOCUMENT_CONVERSIONS: "0" }, /DOCUMENT_CONVERSIONS must be between 1 and 64, got 0/],
  ])("refuses %o", (env, message) => {
    expect(() => loadDocumentConfig(env, folders)).toThrow(ConfigError);
    expect(() => loadDocumentConfig(env, folders)).toThrow(message);
  });

  it("is part of the server configuration, under the data folder", () => {
    const config = loadConfig({ KALINGA_DATA_DIR: "/srv/kalinga/data", DOCUMENT_MAX_FILE_MB: "8" });
    expect(config.documents.dir).toBe("/srv/kalinga/data/documents");
    expect(config.documents.file.maxFileBytes).toBe(8 * 1024 * 1024);
    expect(() => loadConfig({ KALINGA_DOCUMENTS_DIR: config.widgetDir })).toThrow(ConfigError);
  });
});
