import type { TestProject } from "vitest/node";
import { startS3Server } from "./s3-server.ts";

// Vitest global set-up of the server-s3 project: one local S3-compatible server for the run, whose
// settings every test app of the project takes (test-app.ts), each under a prefix of its own.

declare module "vitest" {
  export interface ProvidedContext {
    /** DOCUMENT_STORE=s3 and the KALINGA_S3_* settings of the run's local bucket. */
    s3DocumentEnv: Record<string, string>;
  }
}

export default async function setUp(project: TestProject): Promise<() => Promise<void>> {
  const server = await startS3Server();
  project.provide("s3DocumentEnv", server.env());
  return async () => {
    // The project's files upload documents: an empty bucket means its apps wrote elsewhere.
    const stored = await server.objectCount();
    await server.close();
    if (stored === 0)
      throw new Error("server-s3 stored nothing in its bucket: the S3 store was not used.");
  };
}
