import * as z from "zod/mini";
import { beneficiarySchema, MAX_BENEFICIARIES } from "./beneficiary.ts";
import { claimCallCommon, webReferenceNumberSchema } from "./claim-call-parts.ts";
import { claimDetailsDraftSchema } from "./claim-details.ts";
import { FILING_MESSAGES } from "./messages.ts";
import { payoutDraftSchema } from "./payout.ts";
import { publicStartFormSchema } from "./start-form.ts";

// A claim's draft kept on the server (docs/decisions/0043, 0044): Step 1 as it was valid and the
// answers of Steps 2 and 3 as far as they are filled, so the claimant can continue on any device
// after verifying the same mobile number.

/** The steps a draft can be continued at, in the claimant's order. */
export const DRAFT_STEPS = [
  "/claims-details",
  "/payout-option",
  "/claims-documents",
  "/claims-review",
] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

/** The largest draft kept, as JSON: ten full beneficiaries fit in a fraction of it. */
export const DRAFT_MAX_BYTES = 48 * 1024;

export const DRAFT_MESSAGES = {
  tooLarge: "The saved claim is too large.",
  badStep: "Unknown step.",
  draftNotFound: "This claim can no longer be continued. Please start a new claim.",
} as const;

/** What a draft holds: partial answers pass; each filled field is held to the domain's rules. */
export const claimDraftSchema = z.object({
  step1: publicStartFormSchema,
  details: claimDetailsDraftSchema,
  payout: payoutDraftSchema,
  /** Beneficiaries are saved once their form was valid, so each is checked in full. */
  beneficiaries: z
    .array(beneficiarySchema)
    .check(z.maxLength(MAX_BENEFICIARIES, FILING_MESSAGES.tooManyBeneficiaries)),
  step: z.enum(DRAFT_STEPS, { error: DRAFT_MESSAGES.badStep }),
});
export type ClaimDraft = z.infer<typeof claimDraftSchema>;
export type ClaimDraftInput = z.input<typeof claimDraftSchema>;

/**
 * The answers a draft can hold: a field its rule refuses (text past its limit, say) is left out, and
 * a beneficiary that does not pass is not saved, so the rest of the answers are still kept.
 */
export function savableDraft(draft: ClaimDraftInput): ClaimDraftInput {
  const result = claimDraftSchema.safeParse(draft);
  if (result.success) return draft;
  const details: Record<string, unknown> = { ...draft.details };
  const payout: Record<string, unknown> = { ...draft.payout };
  const refusedBeneficiaries = new Set<number>();
  for (const { path } of result.error.issues) {
    const [section, key] = path;
    if (section === "details" && typeof key === "string") delete details[key];
    if (section === "payout" && typeof key === "string") delete payout[key];
    if (section === "beneficiaries" && typeof key === "number") refusedBeneficiaries.add(key);
  }
  return {
    ...draft,
    details: details as ClaimDraftInput["details"],
    payout: payout as ClaimDraftInput["payout"],
    beneficiaries: (draft.beneficiaries ?? []).filter((_, i) => !refusedBeneficiaries.has(i)),
  };
}

export const saveClaimDraftSchema = z.object({
  ...claimCallCommon,
  webReferenceNumber: webReferenceNumberSchema,
  draft: claimDraftSchema,
});

export const resumeClaimDraftSchema = z.object({
  ...claimCallCommon,
  /** The claim just verified, whose token is on the call; it is abandoned. */
  webReferenceNumber: webReferenceNumberSchema,
  /** The draft to continue. */
  draftReferenceNumber: webReferenceNumberSchema,
});
