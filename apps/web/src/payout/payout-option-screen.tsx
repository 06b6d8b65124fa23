import { lazy } from "react";
import { Navigate } from "react-router";
import claimStepsCss from "../claim/claim-steps.css?inline";
import { useVerifiedClaim } from "../claim/verified-claim.tsx";
import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import { BankPayoutForm } from "./bank-payout-form.tsx";

// A death claim's beneficiary form loads when a death claim reaches Step 3: living claims never need it.
const BeneficiariesStep = lazy(() =>
  import("./beneficiaries/beneficiaries-step.tsx").then((module) => ({
    default: module.BeneficiariesStep,
  })),
);

adoptStyles(screenTextCss);
adoptStyles(claimStepsCss);

/**
 * Step 3 of 4 at /payout-option: who the benefit is paid to. A living claim names the bank account;
 * a death claim names its beneficiaries, who are whom the payout goes to.
 */
export default function PayoutOptionScreen() {
  const claim = useVerifiedClaim();
  const { claimType } = claim.readData().details;
  if (claimType === "Living") return <BankPayoutForm claim={claim} />;
  if (claimType === "Death") return <BeneficiariesStep claim={claim} />;
  // The claim type is chosen on Step 2; without it Step 3 has nothing to ask.
  return <Navigate to="/claims-details" replace />;
}
