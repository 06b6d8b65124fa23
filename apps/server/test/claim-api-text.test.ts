import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { FIELD_MESSAGES } from "@kalinga/domain/messages";
import { beforeEach, describe, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, storedPayload, submitBodyOf } from "./support/claim-payloads.ts";
import { verifiedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  outbox,
  requestCode,
  type StartedClaim,
  startClaim,
} from "./support/test-app.ts";

// Text PostgreSQL cannot store (a NUL, half of an emoji) answered 500 at the final submit; it is
// now refused with 400 naming the field, and invisible bidi and zero-width characters are removed.
// A mobile number that is not 9 and nine digits gets no SMS.

const NUL = "\u0000";
const HIGH_SURROGATE = "\uD83D"; // 😀 cut in half
const RLO = "\u202E";
const ZWSP = "\u200B";

const server = useServerTest({
  documentsDir: true,
  env: { NOTIFICATION_POLL_MS: "60000" },
});
let claim: StartedClaim;

type Payload = typeof accidentPayload;
type Insured = Payload["insuredInformation"];

function withInsured(values: Partial<Insured>): Payload {
  return {
    ...accidentPayload,
    insuredInformation: { ...accidentPayload.insuredInformation, ...values },
  };
}

const submit = (payload: Payload) =>
  callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim, payload), { token: claim.token });

async function count(table: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM ${table}`,
  );
  return Number(rows[0]?.n ?? 0);
}

async function claimStatus(): Promise<string | undefined> {
  const { rows } = await server.db.query<{ status: string }>("SELECT status FROM claims");
  return rows[0]?.status;
}

async function uploadMandatory() {
  const bytes = await samplePhoto();
  for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
    expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
  }
}

beforeEach(async () => {
  claim = await verifiedClaim(server.app);
});

describe("finalSubmitClaim with text the database cannot store", () => {
  test.each([
    ["homeAddress", "Home Address"],
    ["injuryDetails", "Injury details"],
    ["accidentPlace", "Place of accident"],
  ] as const)(
    "a NUL in %s is refused with 400 naming the field; nothing is stored",
    async (field, label) => {
      await uploadMandatory();
      const original = accidentPayload.insuredInformation[field];
      const response = await submit(withInsured({ [field]: `${original}${NUL}` }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        returnCode: "400",
        message: "Invalid request",
        errors: [
          {
            field: `insuredInformation.${field}`,
            message: `${label} has characters that cannot be saved. Please retype it.`,
          },
        ],
      });
      expect(await count("claim_submissions")).toBe(0);
      expect(await count("notifications")).toBe(0);
      expect(await claimStatus()).toBe("draft");
      // The claim is still open: the same claim retyped goes through.
      expect((await submit(accidentPayload)).statusCode).toBe(200);
    },
  );

  test("text cut inside an emoji (a lone surrogate) is refused with 400", async () => {
    await uploadMandatory();
    const response = await submit(
      withInsured({ injuryDetails: `Fractured left forearm ${HIGH_SURROGATE}` }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        {
          field: "insuredInformation.injuryDetails",
          message: "Injury details has characters that cannot be saved. Please retype it.",
        },
      ],
    });
    expect(await count("claim_submissions")).toBe(0);
  });

  test("a bidi override and a zero-width space are removed and the stored text is NFC", async () => {
    await uploadMandatory();
    const homeAddress = "12 Mabini St, Barangay 1, Quezon City";
    const accidentPlace = "EDSA corner Ortigas Avenue, Mandaluyong City";
    const response = await submit(
      withInsured({
        homeAddress: `12 Mabini St, ${RLO}Barangay 1, Quezon City`,
        // "Mandaluyong" with a zero-width space inside and "Ortigas" untouched.
        accidentPlace: `EDSA corner Ortigas Avenue, Manda${ZWSP}luyong City`,
      }),
    );
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: Payload }>(
      "SELECT payload FROM claim_submissions",
    );
    const stored = rows[0]?.payload.insuredInformation;
    expect(stored?.homeAddress).toBe(homeAddress);
    expect(stored?.accidentPlace).toBe(accidentPlace);
    expect(rows[0]?.payload).toEqual(storedPayload(claim));
  });

  test("a decomposed accent is stored composed (NFC)", async () => {
    await uploadMandatory();
    const decomposed = "Fractured left forearm at Cafe\u0301 Adriatico";
    const response = await submit(withInsured({ injuryDetails: decomposed }));
    expect(response.statusCode).toBe(200);
    const { rows } = await server.db.query<{ payload: Payload }>(
      "SELECT payload FROM claim_submissions",
    );
    expect(rows[0]?.payload.insuredInformation.injuryDetails).toBe(
      "Fractured left forearm at Caf\u00E9 Adriatico",
    );
  });
});

describe("rateClaim with text the database cannot store", () => {
  test("a NUL in the comment is refused with 400 naming it; no rating is stored", async () => {
    await uploadMandatory();
    expect((await submit(accidentPayload)).statusCode).toBe(200);
    const response = await callClaim(
      server.app,
      "rateClaim",
      {
        basicInformation,
        webReferenceNumber: claim.webReferenceNumber,
        rating: 5,
        comment: `Mabilis po${NUL}`,
      },
      { token: claim.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        {
          field: "comment",
          message: "Your comment has characters that cannot be saved. Please retype it.",
        },
      ],
    });
    expect(await count("claim_ratings")).toBe(0);
  });
});

describe("requestOneTimePIN with a number that is not a Philippine mobile number", () => {
  test.each(["0000000000", "2123456789"])(
    "%s is refused with 400 and no SMS is sent",
    async (mobileNumber) => {
      const fresh = await startClaim(server.app);
      const response = await requestCode(server.app, fresh, mobileNumber);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        returnCode: "400",
        message: "Invalid request",
        errors: [{ field: "mobileNumber", message: FIELD_MESSAGES.otpMobileInvalid }],
      });
      expect(FIELD_MESSAGES.otpMobileInvalid).toBe("Please provide a correct Mobile number.");
      expect(await outbox(server.app, `63${mobileNumber}`)).toEqual([]);
      // The one SMS in the outbox is the code the claim of beforeEach was verified with.
      expect(await count("sms_outbox")).toBe(1);
    },
  );
});
