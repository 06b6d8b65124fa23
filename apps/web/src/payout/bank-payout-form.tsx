import {
  accountDigitsText,
  bankOf,
  type Payout,
  PHILIPPINE_BANKS,
  payoutSchema,
} from "@kalinga/domain/payout";
import { useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { useLeaveGuard } from "../claim/claim-data-store.ts";
import { useClaimForm } from "../claim/use-claim-form.ts";
import type { VerifiedClaim } from "../claim/verified-claim.tsx";
import { DropdownField } from "../forms/dropdown-field.tsx";
import { DigitsInputField, TextInputField } from "../forms/text-input-field.tsx";
import { StepActions } from "../ui/step-actions.tsx";

const bankOptions = PHILIPPINE_BANKS.map(({ label, value }) => ({ label, value }));

/** Step 3 of a living claim: the Philippine bank account the benefit is credited to. */
export function BankPayoutForm({ claim }: { claim: VerifiedClaim }) {
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-documents");
  useLeaveGuard();
  const { form, formRef, onInvalid } = useClaimForm(payoutSchema, claim.readData().payout, {
    name: "payout-option",
    onValuesChange: (payout) => claim.save({ payout: payout as Payout }),
  });
  const { control, handleSubmit } = form;
  const bank = bankOf(useWatch({ control, name: "bank" }) ?? "");

  const onValid = (payout: Payout) => {
    claim.save({ payout });
    navigate(nextRoute);
  };

  return (
    <section className="k-screen" aria-labelledby="k-payout-title">
      <h2 id="k-payout-title" className="k-screen-title">
        <span className="k-step">Step 3 of 4</span> How should we pay you?
      </h2>
      <form ref={formRef} className="k-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <fieldset className="k-section">
          <legend className="k-section-title">Bank credit</legend>
          <p className="k-intro">
            We credit the benefit to a bank account in the Philippines. Enter the account exactly as
            your bank shows it.
          </p>
          <DropdownField
            form={form}
            name="bank"
            label="Bank"
            options={bankOptions}
            // The account number's length depends on the bank.
            recheck={["accountNumber"]}
            placeholder="Type to search"
          />
          {/* No maxlength: a longer name or number gets the domain's message, never a silent cut. */}
          <TextInputField form={form} name="accountName" label="Account name" autoComplete="name" />
          <DigitsInputField
            form={form}
            name="accountNumber"
            label="Account number"
            tips={[
              bank
                ? `An account number at ${bank.label} has ${accountDigitsText(bank)} digits.`
                : `An account number has ${accountDigitsText(null)} digits, depending on the bank.`,
              "Digits only, without spaces or dashes.",
            ]}
          />
        </fieldset>
        <StepActions backTo="/claims-details" />
      </form>
    </section>
  );
}
