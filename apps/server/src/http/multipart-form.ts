import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, badRequest } from "./api-error.ts";
import { refusalAnswer } from "./refusal-answer.ts";
import { DOCUMENT_MESSAGES, DOCUMENT_ROUTE_MESSAGES } from "./upload-messages.ts";
import { readyUploadTempFolder } from "./upload-temp-files.ts";

// A multipart/form-data body of named text fields and one file; the parser's failures become the
// 400 (or 413) that says which mistake the client made. The file is streamed to a temporary file
// (in the uploads' folder under TMPDIR) as it arrives, its digest and size counted on the way, so an
// upload waiting for its conversion holds no memory (docs/decisions/0100). The route removes the
// file once the call is answered (removeFormFiles); the housekeeping sweeps what a crash left.

export type FormFile = {
  /** The temporary file holding the bytes as sent; removed after the call. */
  path: string;
  sizeBytes: number;
  /** SHA-256 of the bytes as sent, lowercase hex. */
  sha256: string;
  filename: string;
};
export type MultipartForm = { fields: Record<string, string>; file: FormFile | null };

export const MULTIPART_LIMITS = {
  fields: 8,
  fieldSize: 1024,
  files: 1,
  parts: 10,
  headerPairs: 100,
};

/** The temporary files of each request's form, removed by removeFormFiles. */
const formFiles = new WeakMap<FastifyRequest, string[]>();

/** Removes the temporary files of the request's form; a missing file is not an error. */
export async function removeFormFiles(request: FastifyRequest): Promise<void> {
  const paths = formFiles.get(request) ?? [];
  formFiles.delete(request);
  await Promise.all(paths.map((filePath) => rm(filePath, { force: true })));
}

/** Writes the part to a new temporary file, counting its bytes and digest as they pass. */
async function saveFilePart(
  request: FastifyRequest,
  file: NodeJS.ReadableStream & { truncated?: boolean },
): Promise<{ path: string; sizeBytes: number; sha256: string }> {
  const folder = await readyUploadTempFolder();
  const filePath = path.join(folder, `upload-${randomBytes(16).toString("hex")}`);
  formFiles.set(request, [...(formFiles.get(request) ?? []), filePath]);
  const hash = createHash("sha256");
  let sizeBytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(file, count, createWriteStream(filePath, { flags: "wx", mode: 0o600 }));
  return { path: filePath, sizeBytes, sha256: hash.digest("hex") };
}

const malformed = () =>
  badRequest([{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.malformedMultipart }]);

export function multipartFormReader(
  app: FastifyInstance,
  form: {
    textFields: readonly string[];
    fileField: string;
    maxFileBytes: number;
    unexpectedFieldMessage?: string;
  },
) {
  const textFields = new Set(form.textFields);
  const unexpectedField = () =>
    badRequest([
      {
        field: "body",
        message: form.unexpectedFieldMessage ?? DOCUMENT_ROUTE_MESSAGES.unexpectedField,
      },
    ]);
  const oneFile = () =>
    badRequest([{ field: form.fileField, message: DOCUMENT_ROUTE_MESSAGES.oneFile }]);

  function formError(error: unknown): unknown {
    const errors = app.multipartErrors;
    if (error instanceof ApiError) return error;
    if (error instanceof errors.RequestFileTooLargeError) {
      return refusalAnswer({
        refused: "too-large",
        message: DOCUMENT_MESSAGES.tooLarge(form.maxFileBytes),
      });
    }
    if (error instanceof errors.FilesLimitError) return oneFile();
    if (
      error instanceof errors.FieldsLimitError ||
      error instanceof errors.PartsLimitError ||
      error instanceof errors.PrototypeViolationError
    ) {
      return unexpectedField();
    }
    // busboy's own errors (no boundary, a body that ends before its closing boundary, a broken
    // part header) carry no status; a client that hangs up mid-body is a 400 of the plugin.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof Error && (status === undefined || status === 400)) return malformed();
    return error;
  }

  return async function readForm(request: FastifyRequest): Promise<MultipartForm> {
    if (!request.isMultipart()) {
      throw badRequest([{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.notMultipart }]);
    }
    const read: MultipartForm = { fields: {}, file: null };
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== form.fileField || read.file) throw oneFile();
          const saved = await saveFilePart(request, part.file);
          if (part.file.truncated) throw new app.multipartErrors.RequestFileTooLargeError();
          read.file = { ...saved, filename: part.filename ?? "" };
          continue;
        }
        if (!textFields.has(part.fieldname)) throw unexpectedField();
        if (Object.hasOwn(read.fields, part.fieldname)) {
          throw badRequest([
            { field: part.fieldname, message: DOCUMENT_ROUTE_MESSAGES.repeatedField },
          ]);
        }
        read.fields[part.fieldname] = typeof part.value === "string" ? part.value : "";
      }
    } catch (error) {
      await removeFormFiles(request);
      throw formError(error);
    }
    return read;
  };
}
