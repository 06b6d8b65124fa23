import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { FILING_MESSAGES } from "@kalinga/domain/messages";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { beforeEach, describe, expect, test } from "vitest";
import { DOCUMENT_MESSAGES } from "../src/http/upload-messages.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import {
  spinalInjuryPayload,
  storedPayload,
  strokePayload,
  submitBodyOf,
  TODAY,
} from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, callClaimRaw, type StartedClaim } from "./support/test-app.ts";

// The living claim's neurological-exam variant (docs/decisions/0034): the answers of Step 2
// travel as accidentResult and illnessResult, and finalSubmitClaim wants the exam report exactly
// when they call for it.

const NEU = "LMED002-NEU-MIN";
const NEU_LABEL = "Neurological examination report";

const server = useServerTest({
  documentsDir: true,
  clock: false,
  env: { NOTIFICATION_POLL_MS: "60000" },
});
let claim: StartedClaim;

const jpeg = () => samplePhoto();

async function uploadAll(slotKeys: string[]) {
  const bytes = await jpeg();
  for (const slotKey of slotKeys) {
    const response = await uploadDocument(server.app, claim, { slotKey, bytes });
    expect(response.statusCode, slotKey).toBe(200);
  }
}

const submit = (payload: ClaimPayload) =>
  callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim, payload), { token: claim.token });

async function submissions() {
  const { rows } = await server.db.query<{
    payload: ClaimPayload;
    slot_facts: { neurological?: boolean };
  }>("SELECT payload, slot_facts FROM claim_submissions");
  return rows;
}

const withAnswers = (payload: ClaimPayload, answers: Partial<ClaimPayload["insuredInformation"]>) =>
  ({
    ...payload,
    insuredInformation: { ...payload.insuredInformation, ...answers },
  }) satisfies ClaimPayload;

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("the neurological exam at finalSubmitClaim", () => {
  for (const [name, payload, answers] of [
    ["an illness claim for a stroke", strokePayload, { accidentResult: "", illnessResult: "Y" }],
    [
      "a spinal injury claiming disability",
      spinalInjuryPayload,
      { accidentResult: "Y", illnessResult: "" },
    ],
  ] as const) {
    test(`${name} is refused without the exam report, named, and stored as sent once it is uploaded`, async () => {
      const mandatory = mandatorySlotKeys(slotFactsOfPayload(payload, TODAY));
      expect(mandatory).toContain(NEU);
      await uploadAll(mandatory.filter((key) => key !== NEU));

      const refused = await submit(payload);
      expect(refused.statusCode).toBe(417);
      expect(refused.json()).toEqual({
        returnCode: "9",
        message: DOCUMENT_MESSAGES.missingDocuments,
        missing: [{ slotKey: NEU, label: NEU_LABEL }],
      });
      expect(await submissions()).toEqual([]);

      await uploadAll([NEU]);
      const accepted = await submit(payload);
      expect(accepted.statusCode).toBe(200);
      const [stored, ...others] = await submissions();
      expect(others).toEqual([]);
      expect(stored?.payload).toEqual(storedPayload(claim, payload));
      expect(stored?.payload.insuredInformation).toMatchObject(answers);
      expect(stored?.slot_facts.neurological).toBe(true);
    });
  }

  test("the same claims answered No need no exam report and keep their N", async () => {
    const cases = [
      withAnswers(strokePayload, { illnessResult: "N" }),
      withAnswers(spinalInjuryPayload, { accidentResult: "N" }),
    ];
    for (const payload of cases) {
      const mandatory = mandatorySlotKeys(slotFactsOfPayload(payload, TODAY));
      expect(mandatory).not.toContain(NEU);
    }
    const [illnessAnsweredNo] = cases as [ClaimPayload, ClaimPayload];
    await uploadAll(mandatorySlotKeys(slotFactsOfPayload(illnessAnsweredNo, TODAY)));
    const accepted = await submit(illnessAnsweredNo);
    expect(accepted.statusCode).toBe(200);
    const [stored] = await submissions();
    expect(stored?.payload.insuredInformation).toMatchObject({
      accidentResult: "",
      illnessResult: "N",
    });
    expect(stored?.slot_facts.neurological).toBe(false);
  });

  test("a missing answer, or an answer to the other claim type's question, is 400 and stores nothing", async () => {
    const mandatory = mandatorySlotKeys(slotFactsOfPayload(strokePayload, TODAY));
    await uploadAll(mandatory);
    const cases: [ClaimPayload | Record<string, unknown>, { field: string; message: string }][] = [
      [
        withAnswers(strokePayload, { illnessResult: "" }),
        {
          field: "insuredInformation.illnessResult",
          message: FILING_MESSAGES.illnessResultRequired,
        },
      ],
      [
        withAnswers(spinalInjuryPayload, { accidentResult: "" }),
        {
          field: "insuredInformation.accidentResult",
          message: FILING_MESSAGES.accidentResultRequired,
        },
      ],
      [
        withAnswers(strokePayload, { accidentResult: "N" }),
        { field: "insuredInformation.accidentResult", message: FILING_MESSAGES.payloadMismatch },
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await submit(payload as ClaimPayload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: unknown[] }).errors).toEqual([error]);
    }
    // A value other than Y, N or "", or no field at all, is refused at its path too.
    const { illnessResult: _dropped, ...withoutAnswer } = strokePayload.insuredInformation;
    for (const insuredInformation of [
      { ...strokePayload.insuredInformation, illnessResult: "Yes" },
      withoutAnswer,
    ]) {
      const response = await callClaimRaw(
        server.app,
        "finalSubmitClaim",
        { ...submitBodyOf(claim, strokePayload), insuredInformation },
        { token: claim.token },
      );
      expect(response.statusCode).toBe(400);
      const errors = (response.json() as { errors: { field: string }[] }).errors;
      expect(errors.map((error) => error.field)).toContain("insuredInformation.illnessResult");
    }
    expect(await submissions()).toEqual([]);
  });
});
