import {
  CLAIM_API_PATHS,
  type FinalSubmitClaimResponse,
  type MissingDocument,
  RETURN_CODES,
  type ValidateReferenceNumberResponse,
  validateReferenceNumberSchema,
} from "@kalinga/domain/claim-api";
import {
  type FinalSubmitClaim,
  finalSubmitClaimSchema,
} from "@kalinga/domain/claim-payload-schema";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { todayInManila } from "@kalinga/domain/dates";
import { buildUploadSlots, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/database.ts";
import { DOCUMENT_MESSAGES } from "../documents/document-messages.ts";
import { idempotencyRequestHash } from "../documents/idempotency-keys.ts";
import { ApiError } from "../http/api-error.ts";
import { apiKeyCheck } from "../http/api-key-auth.ts";
import { enqueueClaimAcknowledgment } from "../notifications/enqueue-notification.ts";
import { type ClaimCall, claimCall } from "./claim-call.ts";
import { CLAIM_API_PREFIX, CLAIM_BODY_LIMIT_BYTES } from "./claim-routes.ts";
import { idempotencyKeyOf, withIdempotencyKey } from "./document-routes.ts";

// finalSubmitClaim and validateReferenceNumber (docs/decisions/0025, 0026). The submit recomputes
// the claim's upload slots from the payload, refuses (417, "9") while a mandatory one is empty, and
// otherwise stores the payload and the declarations, closes the claim and queues the
// acknowledgment in one transaction. Every repeat, with or without an Idempotency-Key, gets the
// first answer back.

export type SubmitRoutesOptions = {
  db: Database;
  config: ServerConfig;
  /** Called after a submit commits, so its acknowledgment leaves before the next poll. */
  wakeNotifications: () => void;
};

type SubmitOutcome =
  | { kind: "submitted"; response: FinalSubmitClaimResponse }
  | { kind: "repeat"; response: FinalSubmitClaimResponse }
  | { kind: "missing"; missing: MissingDocument[] }
  | { kind: "closed" };

export async function submitRoutes(app: FastifyInstance, options: SubmitRoutesOptions) {
  const { db, config, wakeNotifications } = options;
  const call: ClaimCall = claimCall(db, config);
  app.addHook("onRequest", apiKeyCheck(config.apiKeys));
  const routeOptions = { bodyLimit: CLAIM_BODY_LIMIT_BYTES, compress: false as const };

  async function submit(
    tx: Queryable,
    claimId: string,
    body: FinalSubmitClaim,
    now: Date,
    complete: ((tx: Queryable, response: FinalSubmitClaimResponse) => Promise<void>) | null,
  ): Promise<SubmitOutcome> {
    const claim = await tx.query<{ status: string; verified_mobile_number: string | null }>(
      "SELECT status, verified_mobile_number FROM claims WHERE id = $1 FOR UPDATE",
      [claimId],
    );
    const previous = await tx.query<{ response: FinalSubmitClaimResponse }>(
      "SELECT response FROM claim_submissions WHERE claim_id = $1",
      [claimId],
    );
    if (previous.rows[0]) {
      const response = previous.rows[0].response;
      await complete?.(tx, response);
      return { kind: "repeat", response };
    }
    if (claim.rows[0]?.status !== CLAIM_RECORD_STATUS.draft) return { kind: "closed" };

    const facts = slotFactsOfPayload(body, todayInManila(now));
    const slots = buildUploadSlots(facts);
    const stored = await tx.query<{ slot_key: string }>(
      "SELECT DISTINCT slot_key FROM claim_documents WHERE claim_id = $1 AND status = 'stored'",
      [claimId],
    );
    const filled = new Set(stored.rows.map((row) => row.slot_key));
    const missing = slots
      .filter((slot) => slot.mandatory && !filled.has(slot.key))
      .map((slot) => ({ slotKey: slot.key, label: slot.label }));
    if (missing.length > 0) return { kind: "missing", missing };

    const response: FinalSubmitClaimResponse = {
      returnCode: RETURN_CODES.ok,
      webReferenceNumber: body.webReferenceNumber,
      status: CLAIM_RECORD_STATUS.submitted,
      submittedAt: now.toISOString(),
    };
    const { declarations, ...payload } = body;
    await tx.query(
      `INSERT INTO claim_submissions
         (claim_id, payload, declarations, claim_type, slot_facts, response, submitted_at)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5::jsonb, $6::jsonb, $7)`,
      [
        claimId,
        // The parsed body as sent (unknown keys dropped): section 3's payload and the call's fields.
        JSON.stringify(payload),
        // Agreed at submitted_at; kept apart since section 3's payload has no place for them.
        JSON.stringify(declarations),
        body.basicInformation.claimType,
        JSON.stringify(facts),
        JSON.stringify(response),
        now,
      ],
    );
    await tx.query(
      "UPDATE claims SET status = $2, submitted_at = $3, updated_at = $3 WHERE id = $1",
      [claimId, CLAIM_RECORD_STATUS.submitted, now],
    );
    // Files in slots the final claim no longer asks for stay with it, marked as not required.
    await tx.query(
      `UPDATE claim_documents SET slot_required = (slot_key = ANY($2::text[]))
       WHERE claim_id = $1 AND status = 'stored'`,
      [claimId, slots.map((slot) => slot.key)],
    );
    const insured = body.insuredInformation;
    await enqueueClaimAcknowledgment(
      tx,
      {
        claimId,
        webReferenceNumber: body.webReferenceNumber,
        companyName: body.basicInformation.companyName,
        claimType: body.basicInformation.claimType,
        firstName: insured.firstName,
        // The number the OTP proved; the payload's when the claim came from a logged-in channel.
        mobileNumber: claim.rows[0]?.verified_mobile_number || insured.phoneNumber || null,
        emailAddress: insured.emailAddress || null,
      },
      now,
    );
    await complete?.(tx, response);
    return { kind: "submitted", response };
  }

  app.post(CLAIM_API_PATHS.finalSubmitClaim, routeOptions, async (request) => {
    const session = await call.authenticateVerified(request);
    const body = call.parseBody(finalSubmitClaimSchema, request.body);
    call.sameClaim(session, body.webReferenceNumber);
    const key = idempotencyKeyOf(request);
    const now = config.now();
    const requestHash = idempotencyRequestHash(CLAIM_API_PATHS.finalSubmitClaim, body);
    return withIdempotencyKey<FinalSubmitClaimResponse>(
      db,
      { claimId: session.claimId, key, requestHash, now },
      async (complete) => {
        const outcome = await db.transaction((tx) =>
          submit(tx, session.claimId, body, now, complete),
        );
        if (outcome.kind === "missing") {
          throw new ApiError(417, {
            returnCode: RETURN_CODES.missingDocuments,
            message: DOCUMENT_MESSAGES.missingDocuments,
            missing: outcome.missing,
          });
        }
        if (outcome.kind === "closed") {
          throw new ApiError(417, {
            returnCode: RETURN_CODES.claimClosed,
            message: DOCUMENT_MESSAGES.claimClosed,
          });
        }
        if (outcome.kind === "submitted") {
          request.log.info({ webReferenceNumber: body.webReferenceNumber }, "claim submitted");
          wakeNotifications();
        }
        return outcome.response;
      },
    );
  });

  app.post(CLAIM_API_PATHS.validateReferenceNumber, routeOptions, async (request) => {
    const session = await call.authenticate(request);
    const body = call.parseBody(validateReferenceNumberSchema, request.body);
    call.sameClaim(session, body.webReferenceNumber);
    const { rows } = await db.query<{ status: string }>("SELECT status FROM claims WHERE id = $1", [
      session.claimId,
    ]);
    const status = rows[0]?.status ?? CLAIM_RECORD_STATUS.draft;
    const response: ValidateReferenceNumberResponse = {
      returnCode: RETURN_CODES.ok,
      webReferenceNumber: session.webReferenceNumber,
      status,
      isOpen: status === CLAIM_RECORD_STATUS.draft,
      otpVerified: session.rights === "otp-verified",
    };
    return response;
  });
}

export const SUBMIT_ROUTE_PATHS = [
  CLAIM_API_PATHS.finalSubmitClaim,
  CLAIM_API_PATHS.validateReferenceNumber,
].map((path) => `${CLAIM_API_PREFIX}${path}`);
