import { createHash } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import {
  CLAIM_API_PATHS,
  type DeleteDocumentResponse,
  type DocumentRefusedReason,
  deleteDocumentSchema,
  UPLOAD_DOCUMENT_FIELDS as FIELDS,
  IDEMPOTENCY_KEY_HEADER,
  type ListDocumentsResponse,
  listDocumentsSchema,
  RETURN_CODES,
  type UploadDocumentResponse,
  type UploadedDocument,
  validateReferenceNumberSchema,
} from "@kalinga/domain/claim-api";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { formatFileSize } from "@kalinga/domain/document-files";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import { parseSlotKey } from "@kalinga/domain/upload-slots";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { DOCUMENT_MESSAGES, DOCUMENT_ROUTE_MESSAGES } from "../documents/document-messages.ts";
import {
  type ClaimDocument,
  type DocumentChangeRefusal,
  deleteDocument,
  isDocumentChangeRefusal,
  listDocuments,
  storeDocument,
} from "../documents/document-repository.ts";
import type { DocumentStore } from "../documents/document-store.ts";
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  idempotencyRequestHash,
  isIdempotencyKey,
} from "../documents/idempotency-keys.ts";
import { isDocumentRefusal, prepareDocument } from "../documents/prepare-document.ts";
import { ApiError, badRequest, type FieldError, tooManyRequests } from "../http/api-error.ts";
import { apiKeyCheck } from "../http/api-key-auth.ts";
import { giveBackHit, type RateWindow, takeHit } from "../http/rate-limit.ts";
import { keyedHash } from "../otp/keyed-hash.ts";
import { type ClaimCall, claimCall } from "./claim-call.ts";
import { CLAIM_API_PREFIX, CLAIM_BODY_LIMIT_BYTES } from "./claim-routes.ts";
import type { ClaimSession } from "./claim-token.ts";

// uploadDocument, deleteDocument and listDocuments (docs/decisions/0025). Same order of checks as
// the other claim calls: api key (401) → token (401) → OTP-verified (403) → body (400) → the
// token's claim (403) → upload limits per claim and per address (429, uploadDocument only) →
// Idempotency-Key (409/422) → the call, whose refusals are 417.

export type DocumentRoutesOptions = {
  db: Database;
  config: ServerConfig;
  store: DocumentStore;
  /** Keys the per-address upload buckets, as the OTP calls key theirs. */
  secret: string;
};

const FIELD_LIMITS = { fields: 8, fieldSize: 1024, files: 1, parts: 10, headerPairs: 100 };
const TEXT_FIELDS = new Set<string>([FIELDS.webReferenceNumber, FIELDS.slotKey, FIELDS.replace]);

export function toUploadedDocument(document: ClaimDocument): UploadedDocument {
  return {
    id: document.id,
    slotKey: document.slotKey,
    name: document.displayName,
    sizeBytes: document.sizeBytes,
    sizeText: formatFileSize(document.sizeBytes),
  };
}

function documentRefused(refused: DocumentRefusedReason, message: string, status = 417) {
  return new ApiError(status, { returnCode: RETURN_CODES.documentRefused, message, refused });
}

/** A refusal of the document repository as its 417 answer. */
export function changeRefusal(refusal: DocumentChangeRefusal): ApiError {
  if (refusal.refused === "claim-closed") {
    return new ApiError(417, { returnCode: RETURN_CODES.claimClosed, message: refusal.message });
  }
  if (refusal.refused === "not-found") {
    return new ApiError(417, {
      returnCode: RETURN_CODES.documentNotFound,
      message: refusal.message,
    });
  }
  return documentRefused(refusal.refused, refusal.message);
}

/** The Idempotency-Key header, when sent: 400 when it is not a usable key. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== "string" || !isIdempotencyKey(value)) {
    throw badRequest([
      { field: IDEMPOTENCY_KEY_HEADER, message: DOCUMENT_ROUTE_MESSAGES.badIdempotencyKey },
    ]);
  }
  return value;
}

/**
 * Runs `work` under an Idempotency-Key: a replay answers the stored response, another request
 * under the key 422, a key in flight 409. `work` completes the key in its own transaction; any
 * failure frees it (only an in-flight key is removed, so a committed answer stays).
 */
export async function withIdempotencyKey<T>(
  db: Queryable,
  input: { claimId: string; key: string | null; requestHash: string; now: Date },
  work: (complete: ((tx: Queryable, response: T) => Promise<void>) | null) => Promise<T>,
): Promise<T> {
  const { key, claimId } = input;
  if (key === null) return work(null);
  const start = await beginIdempotentRequest(db, { ...input, key });
  if (start.state === "replay") return start.response as T;
  if (start.state === "mismatch") {
    throw new ApiError(422, {
      returnCode: "422",
      message: DOCUMENT_ROUTE_MESSAGES.idempotencyMismatch,
    });
  }
  if (start.state === "in-flight") {
    throw new ApiError(409, {
      returnCode: "409",
      message: DOCUMENT_ROUTE_MESSAGES.idempotencyInFlight,
    });
  }
  try {
    return await work((tx, response) =>
      completeIdempotentRequest(tx, { claimId, key, response, now: input.now }),
    );
  } catch (error) {
    await abandonIdempotentRequest(db, { claimId, key }).catch(() => {});
    throw error;
  }
}

type UploadForm = {
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string } | null;
};

export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions) {
  const { db, config, store, secret } = options;
  const call: ClaimCall = claimCall(db, config);
  const maxFileBytes = config.documents.file.maxFileBytes;

  app.addHook("onRequest", apiKeyCheck(config.apiKeys));
  // Only this plugin parses multipart; every other route keeps taking JSON alone.
  await app.register(fastifyMultipart, {
    limits: { ...FIELD_LIMITS, fileSize: maxFileBytes },
    throwFileSizeLimit: true,
  });

  const tooLarge = () =>
    documentRefused("too-large", DOCUMENT_MESSAGES.tooLarge(maxFileBytes), 413);

  const malformed = () =>
    badRequest([{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.malformedMultipart }]);
  const oneFile = () =>
    badRequest([{ field: FIELDS.file, message: DOCUMENT_ROUTE_MESSAGES.oneFile }]);
  const unexpectedField = () =>
    badRequest([{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.unexpectedField }]);

  /** The parser's failures as the client's mistakes they are: a 400 that says which. */
  function formError(error: unknown): unknown {
    const errors = app.multipartErrors;
    if (error instanceof ApiError) return error;
    if (error instanceof errors.RequestFileTooLargeError) return tooLarge();
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

  /** The fields and the one file of the form; the file is read into memory once. */
  async function readForm(request: FastifyRequest): Promise<UploadForm> {
    if (!request.isMultipart()) {
      throw badRequest([{ field: "body", message: DOCUMENT_ROUTE_MESSAGES.notMultipart }]);
    }
    const form: UploadForm = { fields: {}, file: null };
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== FIELDS.file || form.file) throw oneFile();
          form.file = { bytes: await part.toBuffer(), filename: part.filename ?? "" };
          continue;
        }
        if (!TEXT_FIELDS.has(part.fieldname)) throw unexpectedField();
        if (Object.hasOwn(form.fields, part.fieldname)) {
          throw badRequest([
            { field: part.fieldname, message: DOCUMENT_ROUTE_MESSAGES.repeatedField },
          ]);
        }
        form.fields[part.fieldname] = typeof part.value === "string" ? part.value : "";
      }
    } catch (error) {
      throw formError(error);
    }
    return form;
  }

  const claimWindow: RateWindow = {
    limit: config.documents.uploads.claimLimit,
    seconds: config.documents.uploads.claimWindowSeconds,
  };
  const addressWindow: RateWindow = {
    limit: config.documents.uploads.addressLimit,
    seconds: config.documents.uploads.addressWindowSeconds,
  };

  /**
   * One hit per claim and per client address, taken only once the call is authenticated and for
   * its own claim, so failures from strangers behind a shared address use up nothing. A refusal
   * gives back what it took: a request refused by a limit changes nothing.
   */
  async function takeUploadHits(request: FastifyRequest, session: ClaimSession, now: Date) {
    const claimBucket = `document-claim:${keyedHash(secret, "claim", session.claimId)}`;
    const addressBucket = `document-address:${keyedHash(secret, "address", request.ip)}`;
    const byClaim = await takeHit(db, claimBucket, claimWindow, now);
    if (!byClaim.allowed) {
      throw tooManyRequests(byClaim.retryAfterSeconds, DECIDED_MESSAGES.tooManyRequests);
    }
    const byAddress = await takeHit(db, addressBucket, addressWindow, now);
    if (!byAddress.allowed) {
      await giveBackHit(db, claimBucket, claimWindow, now);
      throw tooManyRequests(byAddress.retryAfterSeconds, DECIDED_MESSAGES.tooManyRequests);
    }
  }

  async function slotDocumentIds(claimId: string, slotKey: string): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM claim_documents WHERE claim_id = $1 AND slot_key = $2 AND status = 'stored'
       ORDER BY seq`,
      [claimId, slotKey],
    );
    return rows.map((row) => row.id);
  }

  async function refuseClosedClaim(session: ClaimSession) {
    const { rows } = await db.query<{ status: string }>("SELECT status FROM claims WHERE id = $1", [
      session.claimId,
    ]);
    if (rows[0]?.status !== CLAIM_RECORD_STATUS.draft) {
      throw new ApiError(417, {
        returnCode: RETURN_CODES.claimClosed,
        message: DOCUMENT_MESSAGES.claimClosed,
      });
    }
  }

  const routeOptions = { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false as const };

  app.post(CLAIM_API_PATHS.uploadDocument, { compress: false }, async (request) => {
    const session = await call.authenticateVerified(request);
    const form = await readForm(request);
    const webReferenceNumber = form.fields[FIELDS.webReferenceNumber] ?? "";
    const slotKey = form.fields[FIELDS.slotKey] ?? "";
    const replaceText = form.fields[FIELDS.replace] ?? "false";
    const errors: FieldError[] = [];
    const reference =
      validateReferenceNumberSchema.shape.webReferenceNumber.safeParse(webReferenceNumber);
    if (!reference.success) {
      errors.push({
        field: FIELDS.webReferenceNumber,
        message: DOCUMENT_ROUTE_MESSAGES.badReference,
      });
    }
    const slot = parseSlotKey(slotKey);
    if (!slot) errors.push({ field: FIELDS.slotKey, message: DOCUMENT_ROUTE_MESSAGES.unknownSlot });
    if (replaceText !== "true" && replaceText !== "false") {
      errors.push({ field: FIELDS.replace, message: DOCUMENT_ROUTE_MESSAGES.badReplace });
    }
    if (!form.file)
      errors.push({ field: FIELDS.file, message: DOCUMENT_ROUTE_MESSAGES.fileMissing });
    if (errors.length > 0 || !slot || !form.file) throw badRequest(errors);
    call.sameClaim(session, webReferenceNumber);
    const replace = replaceText === "true";
    const { bytes, filename } = form.file;
    const key = idempotencyKeyOf(request);
    const now = config.now();
    await takeUploadHits(request, session, now);
    const requestHash = idempotencyRequestHash(CLAIM_API_PATHS.uploadDocument, {
      webReferenceNumber,
      slotKey,
      replace,
      filename,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });

    return withIdempotencyKey<UploadDocumentResponse>(
      db,
      { claimId: session.claimId, key, requestHash, now },
      async (complete) => {
        await refuseClosedClaim(session);
        const prepared = await prepareDocument(bytes, filename, config.documents.file);
        if (isDocumentRefusal(prepared)) {
          if (prepared.refused === "too-large") throw tooLarge();
          throw documentRefused(prepared.refused, prepared.message);
        }
        // Refused before the disk write when already full; decided again under the claim lock.
        const existing = await slotDocumentIds(session.claimId, slot.key);
        if (slot.max !== undefined && existing.length >= slot.max && !replace) {
          throw documentRefused("slot-full", DOCUMENT_MESSAGES.slotFull);
        }
        let response: UploadDocumentResponse | null = null;
        const result = await storeDocument(db, store, {
          claimId: session.claimId,
          slotKey: slot.key,
          prepared,
          now,
          limits: config.documents.claim,
          ...(slot.max === undefined ? {} : { slot: { max: slot.max, replace } }),
          inSameTransaction: async (tx, document) => {
            response = { returnCode: RETURN_CODES.ok, document: toUploadedDocument(document) };
            await complete?.(tx, response);
          },
        });
        if (isDocumentChangeRefusal(result)) throw changeRefusal(result);
        request.log.info(
          { webReferenceNumber, slotKey: slot.key, documentId: result.id, replace },
          "document stored",
        );
        return response ?? { returnCode: RETURN_CODES.ok, document: toUploadedDocument(result) };
      },
    );
  });

  app.post(CLAIM_API_PATHS.deleteDocument, routeOptions, async (request) => {
    const session = await call.authenticateVerified(request);
    const body = call.parseBody(deleteDocumentSchema, request.body);
    call.sameClaim(session, body.webReferenceNumber);
    const result = await deleteDocument(db, store, {
      claimId: session.claimId,
      documentId: body.documentId,
      now: config.now(),
    });
    if (isDocumentChangeRefusal(result)) throw changeRefusal(result);
    request.log.info(
      { webReferenceNumber: body.webReferenceNumber, documentId: result.id },
      "document deleted",
    );
    const response: DeleteDocumentResponse = { returnCode: RETURN_CODES.ok, documentId: result.id };
    return response;
  });

  app.post(CLAIM_API_PATHS.listDocuments, routeOptions, async (request) => {
    const session = await call.authenticateVerified(request);
    const body = call.parseBody(listDocumentsSchema, request.body);
    call.sameClaim(session, body.webReferenceNumber);
    const documents = await listDocuments(db, session.claimId);
    const response: ListDocumentsResponse = {
      returnCode: RETURN_CODES.ok,
      documents: documents.map(toUploadedDocument),
    };
    return response;
  });
}

export const DOCUMENT_ROUTE_PATHS = [
  CLAIM_API_PATHS.uploadDocument,
  CLAIM_API_PATHS.deleteDocument,
  CLAIM_API_PATHS.listDocuments,
].map((path) => `${CLAIM_API_PREFIX}${path}`);
