import {
  type Beneficiary,
  type BeneficiaryDraft,
  emptyBeneficiary,
} from "@kalinga/domain/beneficiary";
import type { FinalSubmitClaimResponse } from "@kalinga/domain/claim-api";
import { type ClaimDetails, emptyClaimDetails } from "@kalinga/domain/claim-details";
import { emptyPayout, type Payout } from "@kalinga/domain/payout";
import { useEffect } from "react";
import { saved, storeAnswers, storedAnswers } from "../session/claim-answers.ts";

// The claim form data of Steps 2 to 4 and the review, kept in the encrypted session item `claimDataStore`, so a
// reload on any step keeps what was entered and Back never loses it.

/** A beneficiary being added (index null) or edited, kept as typed so a reload reopens it. */
export type BeneficiaryEdit = { index: number | null; values: BeneficiaryDraft };

export type ClaimData = {
  /** The claim this data belongs to: a new claim in the same tab starts empty. */
  webReferenceNumber: string;
  details: ClaimDetails;
  payout: Payout;
  /** Beneficiaries of a death claim, each saved from the beneficiary form once it was valid. */
  beneficiaries: Beneficiary[];
  beneficiaryEdit: BeneficiaryEdit | null;
  /** Review: the declarations the claimant agreed to, by key (domain declarations.ts). */
  declarations: Record<string, boolean>;
  /** The submit's Idempotency-Key, kept so a reload during the submit repeats the same request. */
  submitKey: string | null;
  /** The server's answer to the submit: from then on the claim is read-only in this tab. */
  submitted: FinalSubmitClaimResponse | null;
};

function emptyClaimData(webReferenceNumber: string): ClaimData {
  return {
    webReferenceNumber,
    details: { ...emptyClaimDetails },
    payout: { ...emptyPayout },
    beneficiaries: [],
    beneficiaryEdit: null,
    declarations: {},
    submitKey: null,
    submitted: null,
  };
}

/** What this claim holds so far; fields missing from an older shape take their empty values. */
export function readClaimData(webReferenceNumber: string): ClaimData {
  const stored = storedAnswers() as Partial<ClaimData> | undefined;
  if (!stored || stored.webReferenceNumber !== webReferenceNumber) {
    return emptyClaimData(webReferenceNumber);
  }
  return {
    webReferenceNumber,
    details: { ...emptyClaimDetails, ...stored.details },
    payout: { ...emptyPayout, ...stored.payout },
    beneficiaries: (stored.beneficiaries ?? []).map((b) => ({ ...emptyBeneficiary, ...b })),
    beneficiaryEdit: stored.beneficiaryEdit ?? null,
    declarations: stored.declarations ?? {},
    submitKey: stored.submitKey ?? null,
    submitted: stored.submitted ?? null,
  };
}

let writesInFlight = 0;

/** Merges a change into the claim's data and writes it to the session at once. */
export function saveClaimData(webReferenceNumber: string, change: Partial<ClaimData>): ClaimData {
  const next = { ...readClaimData(webReferenceNumber), ...change, webReferenceNumber };
  storeAnswers(next);
  writesInFlight += 1;
  void saved().finally(() => {
    writesInFlight -= 1;
  });
  return next;
}

/**
 * Asks before the page is left (reload, close) while a change has not reached storage yet. Every
 * change is written as it is made, so that window is the few milliseconds encryption takes.
 */
export function useLeaveGuard(): void {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (writesInFlight > 0) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);
}
