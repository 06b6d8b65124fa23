import { CLAIM_API_PATHS } from "@kalinga/domain/claim-api";
import {
  heartAttackDeath,
  josephineSpouse,
  joseStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import * as fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { bodiesFor, type Json } from "./support/fuzz-bodies.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  API_KEY,
  basicInformation,
  latestCode,
  MOBILE,
  requestCode,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

// Every JSON call of the claim API fed arbitrary JSON, and valid bodies with parts swapped for NUL,
// half an emoji, bidi controls, huge numbers, arrays and deep objects, with a valid token and
// reference number so the body reaches the handler: no answer may be a 500.
// Reproduce a failure with FUZZ_SEED=<seed printed in the test name>.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const server = useServerTest({
  scope: "file",
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "600000" },
});
let address = 0;

/** POST a body as raw JSON text, from a fresh address so the per-address limits never answer first. */
async function post(call: string, body: unknown, token: string | null) {
  address += 1;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-api-key": API_KEY,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return server.app.inject({
    method: "POST",
    url: `/api/claims/${call}`,
    headers,
    payload: JSON.stringify(body) ?? "null",
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
}

// ---- The claims each call is fuzzed on

type Fuzzed = { call: keyof typeof CLAIM_API_PATHS; valid: Json; token: () => string | null };

let unverified: StartedClaim;
let forDocuments: StartedClaim;
let forSubmit: StartedClaim;
let submitted: StartedClaim;
let forResume: StartedClaim;
let trackingUnverified: StartedClaim;
let tracking: StartedClaim;
let documentId: string;

async function upload(claim: StartedClaim, slotKeys: readonly string[]): Promise<string[]> {
  const bytes = await samplePhoto();
  const ids: string[] = [];
  for (const slotKey of slotKeys) {
    const response = await uploadDocument(server.app, claim, { slotKey, bytes });
    expect(response.statusCode).toBe(200);
    ids.push((response.json() as { document: { id: string } }).document.id);
  }
  return ids;
}

/** The claim open again after a submit, so the next body that passes reaches the insert too. */
async function reopen(claim: StartedClaim) {
  await server.db.query(
    "DELETE FROM claim_submissions WHERE claim_id = (SELECT id FROM claims WHERE web_reference_number = $1)",
    [claim.webReferenceNumber],
  );
  await server.db.query("UPDATE claims SET status = 'draft' WHERE web_reference_number = $1", [
    claim.webReferenceNumber,
  ]);
}

const common = (claim: StartedClaim): Json => ({
  basicInformation,
  webReferenceNumber: claim.webReferenceNumber,
});

const FUZZED_CALLS = [
  "initClaimRequest",
  "requestOneTimePIN",
  "resetOneTimePIN",
  "validateOneTimePIN",
  "validateReferenceNumber",
  "listDocuments",
  "deleteDocument",
  "finalSubmitClaim",
  "rateClaim",
  "saveClaimDraft",
  "resumeClaimDraft",
  "initClaimTracking",
  "requestTrackingOneTimePIN",
  "listTrackedClaims",
  "readTrackedClaim",
  "deleteRequirementDocument",
  "sendRequirementDocuments",
  "getPolicyDetails",
  "listAgentClaims",
  "listPortalPolicies",
] as const;

/** Each call with a valid body and token; read after beforeAll has made the claims. */
const fuzzed = (): Fuzzed[] => [
  { call: "initClaimRequest", valid: { basicInformation }, token: () => null },
  {
    call: "requestOneTimePIN",
    valid: {
      ...(common(unverified) as object),
      countryCode: "63",
      mobileNumber: MOBILE,
      firstName: "Maria",
    },
    token: () => unverified.token,
  },
  { call: "resetOneTimePIN", valid: common(unverified), token: () => unverified.token },
  {
    call: "validateOneTimePIN",
    valid: { ...(common(unverified) as object), oneTimePIN: "123456" },
    token: () => unverified.token,
  },
  { call: "validateReferenceNumber", valid: common(unverified), token: () => unverified.token },
  { call: "listDocuments", valid: common(forDocuments), token: () => forDocuments.token },
  {
    call: "deleteDocument",
    valid: { ...(common(forDocuments) as object), documentId },
    token: () => forDocuments.token,
  },
  {
    call: "finalSubmitClaim",
    valid: submitBodyOf(forSubmit) as unknown as Json,
    token: () => forSubmit.token,
  },
  {
    call: "rateClaim",
    valid: { ...(common(submitted) as object), rating: 4, comment: "Mabilis po, salamat!" },
    token: () => submitted.token,
  },
  {
    call: "saveClaimDraft",
    valid: {
      ...(common(forDocuments) as object),
      draft: {
        step1: joseStep1,
        details: heartAttackDeath,
        payout: { bank: "", accountName: "", accountNumber: "" },
        beneficiaries: [josephineSpouse],
        step: "/claims-documents",
      },
    } as unknown as Json,
    token: () => forDocuments.token,
  },
  {
    call: "resumeClaimDraft",
    // The draft named has none kept: every body that passes reaches the draft's lookup and refusal.
    valid: { ...(common(forResume) as object), draftReferenceNumber: forSubmit.webReferenceNumber },
    token: () => forResume.token,
  },
  { call: "initClaimTracking", valid: { basicInformation }, token: () => null },
  {
    call: "requestTrackingOneTimePIN",
    valid: { ...(common(trackingUnverified) as object), countryCode: "63", mobileNumber: MOBILE },
    token: () => trackingUnverified.token,
  },
  { call: "listTrackedClaims", valid: { basicInformation }, token: () => tracking.token },
  // The tracking calls name a claim the verified number filed.
  { call: "readTrackedClaim", valid: common(submitted), token: () => tracking.token },
  {
    call: "deleteRequirementDocument",
    valid: { ...(common(submitted) as object), documentId },
    token: () => tracking.token,
  },
  { call: "sendRequirementDocuments", valid: common(submitted), token: () => tracking.token },
  // Without the portal's assertion every body stops at the 401; the body is parsed first.
  {
    call: "getPolicyDetails",
    valid: { ...(common(unverified) as object), policyInformation: { policyNumber: "1234567890" } },
    token: () => unverified.token,
  },
  { call: "listAgentClaims", valid: { basicInformation }, token: () => null },
  { call: "listPortalPolicies", valid: { basicInformation }, token: () => null },
];

beforeAll(async () => {
  unverified = await startClaim(server.app);
  expect((await requestCode(server.app, unverified)).statusCode).toBe(200);
  forDocuments = await verifiedClaim(server.app);
  documentId = (await upload(forDocuments, ACCIDENT_MANDATORY_SLOTS.slice(0, 1)))[0] as string;
  forSubmit = await verifiedClaim(server.app);
  forResume = await verifiedClaim(server.app);
  await upload(forSubmit, ACCIDENT_MANDATORY_SLOTS);
  submitted = await verifiedClaim(server.app);
  await upload(submitted, ACCIDENT_MANDATORY_SLOTS);
  const sent = await post("finalSubmitClaim", submitBodyOf(submitted), submitted.token);
  expect(sent.statusCode).toBe(200);
  trackingUnverified = (
    await post("initClaimTracking", { basicInformation }, null)
  ).json() as StartedClaim;
  const check = (
    await post("initClaimTracking", { basicInformation }, null)
  ).json() as StartedClaim;
  const body = { ...(common(check) as object), countryCode: "63", mobileNumber: MOBILE };
  expect((await post("requestTrackingOneTimePIN", body, check.token)).statusCode).toBe(200);
  const oneTimePIN = await latestCode(server.app);
  const validated = await post(
    "validateOneTimePIN",
    { ...(common(check) as object), oneTimePIN },
    check.token,
  );
  expect(validated.statusCode).toBe(200);
  tracking = { ...check, token: (validated.json() as { token: string }).token };
}, 60_000);

describe(`claim API bodies under fuzzing (fast-check seed ${SEED}, ${RUNS} runs a call)`, () => {
  test("every JSON call is listed", () => {
    const listed = new Set<string>(FUZZED_CALLS);
    expect(fuzzed().map((entry) => entry.call)).toEqual([...FUZZED_CALLS]);
    const json = Object.keys(CLAIM_API_PATHS).filter(
      // The uploads are multipart.
      (call) => call !== "uploadDocument" && call !== "uploadRequirementDocument",
    );
    expect([...listed].sort()).toEqual(json.sort());
  });

  test.each(FUZZED_CALLS)("%s never answers 500", async (call) => {
    const entry = fuzzed().find((candidate) => candidate.call === call) as Fuzzed;
    const answered = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodiesFor(entry.valid), async (body) => {
        const response = await post(CLAIM_API_PATHS[entry.call].slice(1), body, entry.token());
        answered.set(response.statusCode, (answered.get(response.statusCode) ?? 0) + 1);
        if (entry.call === "finalSubmitClaim" && response.statusCode === 200) {
          await reopen(forSubmit);
        }
        if (response.statusCode >= 500) {
          throw new Error(`${response.statusCode}: ${response.body}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The bodies reached the handlers: some were refused as bad input, some went further.
    expect(answered.get(400) ?? 0).toBeGreaterThan(0);
    expect([...answered.keys()].some((status) => status !== 400)).toBe(true);
  });
});
