import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, badRequest } from "./api-error.ts";
import { refusalAnswer } from "./refusal-answer.ts";
import { DOCUMENT_MESSAGES, DOCUMENT_ROUTE_MESSAGES } from "./upload-messages.ts";

// A multipart/form-data body of named text fields and one file, read into memory once; the
// parser's failures become the 400 (or 413) that says which mistake the client made.

export type FormFile = { bytes: Buffer; filename: string };
export type MultipartForm = { fields: Record<string, string>; file: FormFile | null };

export const MULTIPART_LIMITS = {
  fields: 8,
  fieldSize: 1024,
  files: 1,
  parts: 10,
  headerPairs: 100,
};

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
          read.file = { bytes: await part.toBuffer(), filename: part.filename ?? "" };
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
      throw formError(error);
    }
    return read;
  };
}
