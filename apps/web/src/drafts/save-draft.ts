import { type DraftStep, savableDraft } from "@kalinga/domain/claim-draft";
import { callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import type { ClaimData } from "../claim/claim-data-store.ts";
import * as claimSession from "../session/claim-session.ts";
import { textsNow } from "../ui/locale.ts";
import { DRAFT_TEXTS } from "./draft-texts.ts";

// The claim's draft goes to the server each time the claimant reaches a step (decision 0043), in
// the background. A save that fails raises the system-error popup (section 8), which says the
// answers were not kept and offers to send them again (decision 0069); the tab keeps its own copy.

const DRAFT_STEPS: ReadonlySet<string> = new Set<DraftStep>([
  "/claims-details",
  "/payout-option",
  "/claims-documents",
  "/claims-review",
]);

/** Saves the answers `readData` gives as the draft of step `pathname`; a retry shows the loading overlay. */
export function saveDraftAt(pathname: string, readData: () => ClaimData, background = true): void {
  const step1 = claimSession.step1();
  const data = readData();
  if (!DRAFT_STEPS.has(pathname) || !step1 || data.submitted) return;
  void callClaimApi(
    "saveClaimDraft",
    {
      // A field still past its rule is left out of the draft rather than failing the whole save.
      draft: savableDraft({
        step1,
        details: data.details,
        payout: data.payout,
        beneficiaries: data.beneficiaries,
        step: pathname as DraftStep,
      }),
    },
    undefined,
    { background },
  ).then((response) => {
    if (response.ok) return;
    const texts = textsNow(DRAFT_TEXTS);
    systemError.show({
      detail: texts.notSaved,
      retry: { label: texts.saveAgain, run: () => saveDraftAt(pathname, readData, false) },
    });
  });
}
