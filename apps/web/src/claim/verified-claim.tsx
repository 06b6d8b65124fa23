import { createContext, useContext, useEffect, useMemo } from "react";
import { Outlet, useLocation } from "react-router";
import { saveDraftAt } from "../drafts/save-draft.ts";
import * as claimSession from "../session/claim-session.ts";
import { Link } from "../ui/link.tsx";
import { useTexts } from "../ui/locale.ts";
import { type ClaimData, readClaimData, saveClaimData } from "./claim-data-store.ts";
import { CLAIM_TEXTS } from "./claim-texts.ts";

// The claim of this tab, resolved once per screen by the claim steps' route layout and given to
// every step through one context: no screen reads the session to find its claim.

export type VerifiedClaim = {
  webReferenceNumber: string;
  /** The insured's date of birth (ISO) from Step 1: no date of the claim is earlier. */
  insuredDateOfBirth: string;
  /** The claim's form data as stored now. */
  readData(): ClaimData;
  /** Merges a change into the claim's form data and stores it; answers the data as saved. */
  save(change: Partial<ClaimData>): ClaimData;
};

/** The claim of this tab once its mobile number is verified; null before that. */
export function claimBeingFiled(): VerifiedClaim | null {
  const webReferenceNumber = claimSession.reference();
  if (!webReferenceNumber || !claimSession.isVerified()) return null;
  return {
    webReferenceNumber,
    insuredDateOfBirth: claimSession.step1()?.dateOfBirth ?? "",
    readData: () => readClaimData(webReferenceNumber),
    save: (change) => saveClaimData(webReferenceNumber, change),
  };
}

const VerifiedClaimContext = createContext<VerifiedClaim | null>(null);

/** Route layout of the claim steps: resolves the tab's claim on each navigation, once. */
export function VerifiedClaimLayout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is what may change the claim.
  const claim = useMemo(claimBeingFiled, [pathname]);
  // Reaching a step is moving on: the answers so far are kept on the server (decision 0043).
  useEffect(() => {
    if (claim) saveDraftAt(pathname, claim.readData);
  }, [claim, pathname]);
  return (
    <VerifiedClaimContext value={claim}>
      <Outlet />
    </VerifiedClaimContext>
  );
}

/** Route layout of the steps that need a verified claim: the others see "start your claim first". */
export function RequireVerifiedClaim() {
  return useContext(VerifiedClaimContext) ? <Outlet /> : <StartClaimFirst />;
}

/** The tab's verified claim, or null once it is submitted and cleared (the receipt screens). */
export function useClaimIfAny(): VerifiedClaim | null {
  return useContext(VerifiedClaimContext);
}

/** The verified claim of a step under RequireVerifiedClaim. */
export function useVerifiedClaim(): VerifiedClaim {
  const claim = useContext(VerifiedClaimContext);
  if (!claim) throw new Error("useVerifiedClaim is used outside RequireVerifiedClaim.");
  return claim;
}

/** Shown by Steps 2 and 3 when the claim was not started and verified in this tab. */
export function StartClaimFirst() {
  const texts = useTexts(CLAIM_TEXTS);
  return (
    <section className="k-screen" aria-labelledby="k-start-first-title">
      <h2 id="k-start-first-title" className="k-screen-title">
        {texts.startFirstTitle}
      </h2>
      <p>{texts.startFirstText}</p>
      <p className="k-aside">
        <Link to="/cf">{texts.startFirstLink}</Link>
      </p>
    </section>
  );
}
