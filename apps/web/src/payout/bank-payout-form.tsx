import {
  accountDigitsText,
  bankOf,
  type Payout,
  PHILIPPINE_BANKS,
  payoutSchema,
} from "@kalinga/domain/payout";
import { Controller, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { readClaimData, saveClaimData, useLeaveGuard } from "../claim/claim-data-store.ts";
import { messageOf, useClaimForm } from "../claim/use-claim-form.ts";
import type { VerifiedClaim } from "../claim/verified-claim.tsx";
import { SearchableDropdown } from "../ui/searchable-dropdown.tsx";
import { StepActions } from "../ui/step-actions.tsx";
import { TextField } from "../ui/text-field.tsx";

const bankOptions = PHILIPPINE_BANKS.map(({ label, value }) => ({ label, value }));

/** Step 3 of a living claim: the Philippine bank account the benefit is credited to. */
export function BankPayoutForm({ claim }: { claim: VerifiedClaim }) {
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-documents");
  useLeaveGuard();
  const { webReferenceNumber } = claim;
  const { form, formRef, onInvalid, checkOnLeave, leave, digitsOnly } = useClaimForm(
    payoutSchema,
    readClaimData(webReferenceNumber).payout,
    {
      name: "payout-option",
      onValuesChange: (payout) => saveClaimData(webReferenceNumber, { payout: payout as Payout }),
    },
  );
  const { control, register, handleSubmit, formState } = form;
  const { errors } = formState;
  const bank = bankOf(useWatch({ control, name: "bank" }) ?? "");

  const onValid = (payout: Payout) => {
    saveClaimData(webReferenceNumber, { payout });
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
          <Controller
            control={control}
            name="bank"
            render={({ field }) => (
              <SearchableDropdown
                label="Bank"
                name={field.name}
                ref={field.ref}
                options={bankOptions}
                value={bankOptions.find((option) => option.value === field.value) ?? null}
                onChange={(option) => {
                  field.onChange(option.value);
                  // The account number's length depends on the bank.
                  if (form.getFieldState("accountNumber").isTouched) {
                    void form.trigger("accountNumber");
                  }
                }}
                onBlur={leave(field)}
                placeholder="Type to search"
                error={messageOf(errors, "bank")}
              />
            )}
          />
          {/* No maxlength: a longer name or number gets the domain's message, never a silent cut. */}
          <TextField
            label="Account name"
            {...register("accountName", { onBlur: checkOnLeave("accountName") })}
            autoComplete="name"
            error={messageOf(errors, "accountName")}
          />
          <Controller
            control={control}
            name="accountNumber"
            render={({ field }) => (
              <TextField
                label="Account number"
                {...digitsOnly(field)}
                tips={[
                  bank
                    ? `An account number at ${bank.label} has ${accountDigitsText(bank)} digits.`
                    : `An account number has ${accountDigitsText(null)} digits, depending on the bank.`,
                  "Digits only, without spaces or dashes.",
                ]}
                error={messageOf(errors, "accountNumber")}
              />
            )}
          />
        </fieldset>
        <StepActions backTo="/claims-details" />
      </form>
    </section>
  );
}
