import { beneficiariesSchema } from "@kalinga/domain/beneficiary";
import { buildClaimPayload } from "@kalinga/domain/build-claim-payload";
import type { ChannelId } from "@kalinga/domain/channel";
import { claimDetailsSchema } from "@kalinga/domain/claim-details";
import type { ClaimPayload } from "@kalinga/domain/claim-payload";
import { todayInManila } from "@kalinga/domain/dates";
import { payoutSchema } from "@kalinga/domain/payout";
import { type PublicStartForm, publicStartFormSchema } from "@kalinga/domain/start-form";
import { type SlotFacts, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import * as claimSession from "../session/claim-session.ts";
import type { ClaimData } from "./claim-data-store.ts";
import type { VerifiedClaim } from "./verified-claim.tsx";

/** The step a claim goes back to when it is not complete up to the documents. */
type IncompleteStep = "/cf" | "/claims-details" | "/payout-option";

export type ClaimOfTab =
  | { complete: true; data: ClaimData; step1: PublicStartForm; payload: ClaimPayload }
  | { complete: false; step: IncompleteStep };

/**
 * Steps 1 to 3 of this tab's claim checked again with the domain's rules, and the section 3
 * payload built from them. A step that no longer passes (a switch of claim type after the
 * payout was entered, a birthday) names the step to go back to.
 */
export function claimOfTab(claim: VerifiedClaim, channel: ChannelId): ClaimOfTab {
  const step1 = publicStartFormSchema.safeParse(claimSession.step1());
  if (!step1.success) return { complete: false, step: "/cf" };
  const data = claim.readData();
  const details = claimDetailsSchema({ dateOfBirth: claim.insuredDateOfBirth }).safeParse(
    data.details,
  );
  if (!details.success) return { complete: false, step: "/claims-details" };
  const paidTo =
    details.data.claimType === "Living"
      ? payoutSchema.safeParse(data.payout)
      : beneficiariesSchema.safeParse(data.beneficiaries);
  if (!paidTo.success) return { complete: false, step: "/payout-option" };
  const payload = buildClaimPayload({
    step1: step1.data,
    details: details.data,
    beneficiaries: data.beneficiaries,
    payout: data.payout,
    channel,
  });
  return { complete: true, data, step1: step1.data, payload };
}

/** The facts the upload slots follow, exactly as the server will compute them at the submit. */
export function slotFactsOfTab(payload: ClaimPayload): SlotFacts {
  return slotFactsOfPayload(payload, todayInManila());
}
