import {
  franciscoChild,
  joseClaimPayload,
  josephineSpouse,
  joseWithoutMiddleNameStep1,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { FIELD_MESSAGES, FILING_MESSAGES } from "@kalinga/domain/messages";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { beforeEach, describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { storedPayload, submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, callClaimRaw, type StartedClaim } from "./support/test-app.ts";

// The noMiddleName flag of the insured and of each beneficiary, and a minor beneficiary's
// guardian, travel in the finalSubmitClaim payload and are checked by the domain's rules
// (decisions 0048 and 0049).

/** A death claim: the insured and the spouse without a middle name, the son a minor with a guardian. */
const deathPayload = joseClaimPayload(
  {
    claimType: "Death",
    dateOfLoss: "2026-08-15",
    causeOfLoss: "Dengue fever",
    natureOfDeath: "IL",
  },
  {
    step1: joseWithoutMiddleNameStep1,
    beneficiaries: [josephineSpouse, franciscoChild],
    payout: null,
  },
);

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "60000" } });
let claim: StartedClaim;

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

async function count(sql: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number | string }>(sql);
  return Number(rows[0]?.n ?? 0);
}

type Body = ReturnType<typeof submitBodyOf>;

/** The body with one change to the minor beneficiary (the second one). */
function withMinor(body: Body, change: (minor: Body["beneficiaryList"][number]) => object): Body {
  const [spouse, minor] = body.beneficiaryList;
  if (!spouse || !minor) throw new Error("the sample claim has two beneficiaries");
  return { ...body, beneficiaryList: [spouse, { ...minor, ...change(minor) }] };
}

describe("names and a minor's guardian in finalSubmitClaim", () => {
  test("a claim with noMiddleName and a minor's guardian is accepted and stored as sent", async () => {
    expect(deathPayload.insuredInformation).toMatchObject({ middleName: "", noMiddleName: "Y" });
    expect(deathPayload.beneficiaryList[0]).toMatchObject({ middleName: "", noMiddleName: "Y" });
    const bytes = await samplePhoto();
    for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY))) {
      expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
    }
    const response = await callClaim(
      server.app,
      "finalSubmitClaim",
      submitBodyOf(claim, deathPayload),
      { token: claim.token },
    );
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: typeof deathPayload }>(
      "SELECT payload FROM claim_submissions",
    );
    expect(rows[0]?.payload).toEqual(storedPayload(claim, deathPayload));
    expect(rows[0]?.payload.insuredInformation.noMiddleName).toBe("Y");
    expect(rows[0]?.payload.beneficiaryList[1]?.guardian).toEqual({
      firstName: "Josephine",
      middleName: "",
      lastName: "Bracken",
      relationship: "Mother",
      phoneNumber: "9181234567",
      emailAddress: "josephine@example.com",
    });
  });

  test("a minor with a guardian may leave their own mobile and e-mail empty; an adult may not", async () => {
    const bytes = await samplePhoto();
    for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(deathPayload, TODAY))) {
      expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
    }
    const body = submitBodyOf(claim, deathPayload);
    const [spouse] = body.beneficiaryList;
    if (!spouse) throw new Error("the sample claim has two beneficiaries");

    // The adult spouse without a mobile or e-mail: refused at both paths, nothing stored.
    const adultEmpty = {
      ...body,
      beneficiaryList: [
        { ...spouse, phoneNumber: "", emailAddress: "" },
        ...body.beneficiaryList.slice(1),
      ],
    };
    const refused = await callClaim(server.app, "finalSubmitClaim", adultEmpty, {
      token: claim.token,
    });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: unknown[] }).errors).toEqual([
      { field: "beneficiaryList.0.phoneNumber", message: FIELD_MESSAGES.mobileRequired },
      { field: "beneficiaryList.0.emailAddress", message: FIELD_MESSAGES.emailRequired },
    ]);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);

    // The minor son without his own: accepted, stored with "" and his guardian's contact.
    const minorEmpty = withMinor(body, () => ({ phoneNumber: "", emailAddress: "" }));
    const response = await callClaim(server.app, "finalSubmitClaim", minorEmpty, {
      token: claim.token,
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: typeof deathPayload }>(
      "SELECT payload FROM claim_submissions",
    );
    const stored = rows[0]?.payload.beneficiaryList[1];
    expect(stored).toMatchObject({ phoneNumber: "", emailAddress: "" });
    expect(stored?.guardian).toMatchObject({
      phoneNumber: "9181234567",
      emailAddress: "josephine@example.com",
    });
  });

  test("a minor without a reachable guardian is refused with a message per field, and nothing is stored", async () => {
    const body = withMinor(submitBodyOf(claim, deathPayload), (minor) => ({
      guardian: { ...minor.guardian, firstName: "Ma. Luisa", phoneNumber: "", relationship: "" },
    }));
    const response = await callClaim(server.app, "finalSubmitClaim", body, {
      token: claim.token,
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { errors: unknown[] }).errors).toEqual([
      {
        field: "beneficiaryList.1.guardian.firstName",
        message: FIELD_MESSAGES.specialCharacters,
      },
      {
        field: "beneficiaryList.1.guardian.relationship",
        message: FILING_MESSAGES.guardianRelationshipRequired,
      },
      {
        field: "beneficiaryList.1.guardian.phoneNumber",
        message: FILING_MESSAGES.guardianMobileRequired,
      },
    ]);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);
  });

  test("a payload without the guardian block or the flag is refused at its path", async () => {
    const body = submitBodyOf(claim, deathPayload);
    const { guardian: _guardian, ...minorWithoutGuardian } = body.beneficiaryList[1] ?? {};
    const noGuardian = await callClaimRaw(
      server.app,
      "finalSubmitClaim",
      { ...body, beneficiaryList: [body.beneficiaryList[0], minorWithoutGuardian] },
      { token: claim.token },
    );
    expect(noGuardian.statusCode).toBe(400);
    expect((noGuardian.json() as { errors: { field: string }[] }).errors).toContainEqual(
      expect.objectContaining({ field: "beneficiaryList.1.guardian" }),
    );

    const middleNameWithFlag = await callClaim(
      server.app,
      "finalSubmitClaim",
      { ...body, insuredInformation: { ...body.insuredInformation, middleName: "P" } },
      { token: claim.token },
    );
    expect(middleNameWithFlag.statusCode).toBe(400);
    expect((middleNameWithFlag.json() as { errors: unknown[] }).errors).toEqual([
      { field: "insuredInformation.middleName", message: FILING_MESSAGES.payloadMismatch },
    ]);

    const noMiddleNameNoFlag = await callClaim(
      server.app,
      "finalSubmitClaim",
      { ...body, insuredInformation: { ...body.insuredInformation, noMiddleName: "N" } },
      { token: claim.token },
    );
    expect(noMiddleNameNoFlag.statusCode).toBe(400);
    expect((noMiddleNameNoFlag.json() as { errors: unknown[] }).errors).toEqual([
      { field: "insuredInformation.middleName", message: FIELD_MESSAGES.middleNameRequired },
    ]);
    expect(await count("SELECT count(*) AS n FROM claim_submissions")).toBe(0);
  });
});
