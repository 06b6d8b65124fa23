import { CLAIM_API_PATHS } from "@kalinga/domain/claim-api";
import {
  heartAttackDeath,
  josephineSpouse,
  joseStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import * as fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { uploadDocument, verifiedClaim } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

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

// ---- Arbitraries

/** What PostgreSQL cannot store: NUL and halves of a surrogate pair (😀 is \uD83D\uDE00). */
const UNSTORABLE_PIECES = ["\u0000", "\uD83D", "\uDE00"];

const NASTY_PIECES = [
  ...UNSTORABLE_PIECES,
  "\u202E",
  "\u2066",
  "\u200B",
  "\uFEFF",
  "\u0085",
  "\u001B",
  "\u007F",
  "\r\n",
  "\t",
  "<script>",
  "e\u0301",
  "😀",
  "'",
  '"',
  "\\",
  "%s",
  "__proto__",
  "constructor",
  "9171234567",
  "01/31/2026",
  "Y",
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.oneof(fc.constantFrom(...NASTY_PIECES), fc.string({ maxLength: 6 })), {
      maxLength: 10,
    })
    .map((pieces) => pieces.join("")),
  fc.constantFrom("", " ", "a".repeat(5_000), "9".repeat(300), "\u0000".repeat(100)),
);

const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 64,
  -(2 ** 63),
  1e-320,
  0.5,
  -1,
  0,
);

/** An object nested `depth` levels deep. */
const deepObject = fc.integer({ min: 20, max: 400 }).map((depth) => {
  let value: Json = "bottom";
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
});

/** A piece put inside a valid string; mostly what cannot be stored, since that got through before. */
const insertedPiece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_PIECES) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_PIECES) },
);

const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [{}], [""]) },
  { weight: 1, arbitrary: deepObject },
);

function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function valueAt(value: Json, at: Path): Json | undefined {
  let node: Json | undefined = value;
  for (const key of at) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, Json>)[key];
  }
  return node;
}

/** A copy of `value` with the node at `at` replaced (or, for a new key, added). */
function withValueAt(value: Json, at: Path, replacement: Json): Json {
  const copy = structuredClone(value);
  const parent = valueAt(copy, at.slice(0, -1));
  if (parent !== null && typeof parent === "object") {
    (parent as Record<string | number, Json>)[at.at(-1) as string | number] = replacement;
  }
  return copy;
}

/** Changes to a valid body: a node replaced, a nasty piece put inside a string, a key added. */
function mutationsOf(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  const stringPaths = paths.filter((at) => typeof valueAt(valid, at) === "string");
  const objectPaths: Path[] = [
    [],
    ...paths.filter((at) => {
      const node = valueAt(valid, at);
      return node !== null && typeof node === "object" && !Array.isArray(node);
    }),
  ];
  const replace = fc.tuple(fc.constantFrom(...paths), nastyValue).map(
    ([at, replacement]) =>
      (body: Json) =>
        withValueAt(body, at, replacement),
  );
  const insert = fc
    .tuple(fc.constantFrom(...stringPaths), insertedPiece, fc.nat({ max: 60 }))
    .map(([at, piece, position]) => (body: Json) => {
      const text = valueAt(body, at);
      if (typeof text !== "string") return body;
      const cut = Math.min(position, text.length);
      return withValueAt(body, at, `${text.slice(0, cut)}${piece}${text.slice(cut)}`);
    });
  const addKey = fc
    .tuple(fc.constantFrom(...objectPaths), fc.string({ maxLength: 12 }), nastyValue)
    .map(
      ([at, key, extra]) =>
        (body: Json) =>
          withValueAt(body, [...at, key], extra),
    );
  return fc
    .array(
      fc.oneof(
        { weight: 2, arbitrary: replace },
        { weight: 3, arbitrary: insert },
        { weight: 1, arbitrary: addKey },
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((changes) => changes.reduce((body, change) => change(body), valid));
}

function bodiesFor(valid: Json): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: mutationsOf(valid) },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.anything() },
  );
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
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#336699" },
  })
    .jpeg()
    .toBuffer();
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
