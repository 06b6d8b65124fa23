import type { DraftStep } from "@kalinga/domain/claim-draft";
import { callClaimApi } from "../api/claim-api-client.ts";
import type { ClaimData } from "../claim/claim-data-store.ts";
import { session } from "../session/session-store.ts";

// The claim's draft goes to the server each time the claimant reaches a step (decision 0043), in
// the background: a draft that fails to save leaves the tab's own copy, and the claim goes on.

const DRAFT_STEPS: ReadonlySet<string> = new Set<DraftStep>([
  "/claims-details",
  "/payout-option",
  "/claims-documents",
  "/claims-review",
]);

export function saveDraftAt(pathname: string, data: ClaimData): void {
  const step1 = session.get("step1");
  if (!DRAFT_STEPS.has(pathname) || !step1 || data.submitted) return;
  void callClaimApi(
    "saveClaimDraft",
    {
      draft: {
        step1,
        details: data.details,
        payout: data.payout,
        beneficiaries: data.beneficiaries,
        step: pathname as DraftStep,
      },
    },
    undefined,
    { background: true },
  ).catch(() => undefined);
}
