import type { FastifyInstance } from "fastify";
import type { DocumentConfig } from "../config/document-config.ts";
import { createDiskDocumentStore } from "./disk-document-store.ts";
import type { DocumentStore } from "./document-store.ts";
import { createS3DocumentStore } from "./s3-document-store.ts";

/** The store the settings choose; an S3 client's connections close with the app. */
export function openDocumentStore(app: FastifyInstance, config: DocumentConfig): DocumentStore {
  if (config.store === "disk" || config.s3 === null) return createDiskDocumentStore(config.dir);
  const store = createS3DocumentStore(config.s3);
  app.addHook("onClose", async () => store.close());
  return store;
}
