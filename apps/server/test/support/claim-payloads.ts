import { todayInManila } from "@kalinga/domain/dates";
import type { Declarations } from "@kalinga/domain/declarations";
import {
  accidentPayload,
  joseClaimPayload,
  joseStep1,
  spinalInjury,
  strokeIllness,
} from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import { basicInformation, type StartedClaim } from "./test-app.ts";

// The finalSubmitClaim bodies that carry the domain's sample claims (fixtures/claim-fixtures) with
// the declarations agreed, and what the server keeps of them.

export const TODAY = todayInManila();
/** The sample claimant's e-mail address, where the acknowledgment goes. */
export const EMAIL = joseStep1.emailAddress;

/** A living illness claim for a stroke (illnessResult "Y"): the neurological-exam variant. */
export const strokePayload = joseClaimPayload(strokeIllness);

/** A fall with a spinal cord injury (accidentResult "Y") claiming disability: the same variant. */
export const spinalInjuryPayload = joseClaimPayload(spinalInjury);

/** The upload slots the accident claim cannot be submitted without. */
export const ACCIDENT_MANDATORY_SLOTS = mandatorySlotKeys(
  slotFactsOfPayload(accidentPayload, TODAY),
);

export const AGREED: Declarations = { truthful: "Y", medicalRecordsRelease: "Y", dataPrivacy: "Y" };

type Payload = typeof accidentPayload;

/** The finalSubmitClaim body without its declarations: what claim_submissions.payload keeps. */
export function storedPayload(
  target: Pick<StartedClaim, "webReferenceNumber">,
  payload: Payload = accidentPayload,
) {
  return {
    ...payload,
    webReferenceNumber: target.webReferenceNumber,
    basicInformation: { ...payload.basicInformation, ...basicInformation },
  };
}

/** The finalSubmitClaim body as the widget sends it: the claim, the call's fields, the declarations. */
export function submitBodyOf(
  target: Pick<StartedClaim, "webReferenceNumber">,
  payload: Payload = accidentPayload,
) {
  return { ...storedPayload(target, payload), declarations: AGREED };
}
