import type { OtpValidatedResponse } from "@kalinga/domain/claim-api";
import type { ClaimCallName, ClaimCallRequest } from "@kalinga/domain/claim-calls";
import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { samplePhoto, uploadDocument, uploadRequirementDocument } from "./claim-documents.ts";
import { submitBodyOf, TODAY } from "./claim-payloads.ts";
import {
  basicInformation,
  type CallOptions,
  callClaim,
  latestCode,
  MOBILE,
  requestCode,
  requestTrackingCode,
  type StartedClaim,
  startClaim,
  validateCode,
} from "./test-app.ts";

// What a claimant does before the call a test is about, done the one way every server test does
// it: start a claim (or a tracking check), prove the number with the SMS code, file the claim.

export type ProveOptions = CallOptions & {
  /** The number the code is sent to, without 63 (MOBILE unless told). */
  mobile?: string;
  /** The code is asked with requestTrackingOneTimePIN, as a tracking check asks it. */
  tracking?: boolean;
};

/** Proves the number with the newest code sent to it: the claim with its verified token, and the answer. */
export async function proveNumber(
  app: FastifyInstance,
  claim: StartedClaim,
  { mobile = MOBILE, tracking = false, ...options }: ProveOptions = {},
): Promise<{ claim: StartedClaim; answer: OtpValidatedResponse }> {
  const sent = tracking
    ? await requestTrackingCode(app, claim, mobile, options)
    : await requestCode(app, claim, mobile, options);
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCode(app, `63${mobile}`);
  const validated = await validateCode(app, claim, code, options);
  expect(validated.statusCode, validated.body).toBe(200);
  const answer = validated.json();
  return { claim: { ...claim, token: answer.token ?? "" }, answer };
}

/** Proves the number with the newest code sent to it; the claim with its verified token. */
async function passOtp(
  app: FastifyInstance,
  claim: StartedClaim,
  options: ProveOptions = {},
): Promise<StartedClaim> {
  return (await proveNumber(app, claim, options)).claim;
}

/** A claim started and its number proven: ready for documents, drafts and the submit. */
export async function verifiedClaim(
  app: FastifyInstance,
  options: Omit<ProveOptions, "tracking"> = {},
): Promise<StartedClaim> {
  const { mobile: _mobile, ...callOptions } = options;
  return passOtp(app, await startClaim(app, callOptions), options);
}

/** A tracking check (decision 0055) whose number is proven: it reads the claims filed with it. */
export async function trackingCheck(
  app: FastifyInstance,
  options: Omit<ProveOptions, "tracking"> = {},
): Promise<StartedClaim> {
  const { mobile: _mobile, ...callOptions } = options;
  const started = await callClaim(app, "initClaimTracking", { basicInformation }, callOptions);
  expect(started.statusCode, started.body).toBe(200);
  const { webReferenceNumber, token } = started.json();
  return passOtp(app, { webReferenceNumber, token }, { ...options, tracking: true });
}

export type FilingOptions = Omit<ProveOptions, "tracking"> & {
  /** The claim filed (the accident claim unless told). */
  payload?: ClaimPayload;
  /** Slots given one more file after the mandatory ones. */
  moreSlots?: readonly string[];
  bytes?: Uint8Array;
  filename?: string;
  /** Changes the submit's body before it is sent, such as the insured's phone number. */
  body?: (body: ReturnType<typeof submitBodyOf>) => ReturnType<typeof submitBodyOf>;
};

/** A claim filed as the widget files it: the OTP, a photo in each mandatory slot, the submit. */
export async function filedClaim(
  app: FastifyInstance,
  {
    payload = accidentPayload,
    moreSlots = [],
    filename,
    body,
    bytes,
    ...options
  }: FilingOptions = {},
): Promise<StartedClaim> {
  const claim = await verifiedClaim(app, options);
  const photo = bytes ?? (await samplePhoto());
  const slots = mandatorySlotKeys(slotFactsOfPayload(payload, TODAY));
  for (const slotKey of [...slots, ...moreSlots]) {
    const uploaded = await uploadDocument(app, claim, {
      slotKey,
      bytes: photo,
      ...(filename ? { filename } : {}),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }
  const submitBody = submitBodyOf(claim, payload);
  const submitted = await callClaim(app, "finalSubmitClaim", body ? body(submitBody) : submitBody, {
    token: claim.token,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return claim;
}

/** The accident claim filed from MOBILE. */
export function submittedClaim(app: FastifyInstance): Promise<StartedClaim> {
  return filedClaim(app);
}

/** A call of a proven tracking check, with the company's basicInformation filled in. */
export function callAsTracking<K extends ClaimCallName>(
  app: FastifyInstance,
  check: StartedClaim,
  call: K,
  body: Omit<ClaimCallRequest<K>, "basicInformation">,
  headers: Record<string, string> = {},
) {
  const request = { basicInformation, ...body } as ClaimCallRequest<K>;
  return callClaim(app, call, request, { token: check.token, headers });
}

/** A tracking check adds a file for each requested item, then sends them to the insurer. */
export async function sendRequestedFiles(
  app: FastifyInstance,
  check: StartedClaim,
  webReferenceNumber: string,
  requirementIds: readonly string[],
  bytes?: Uint8Array,
): Promise<void> {
  const file = bytes ?? (await samplePhoto());
  for (const requirementId of requirementIds) {
    const added = await uploadRequirementDocument(app, check, {
      webReferenceNumber,
      requirementId,
      bytes: file,
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const sent = await callAsTracking(app, check, "sendRequirementDocuments", { webReferenceNumber });
  expect(sent.statusCode, sent.body).toBe(200);
}
