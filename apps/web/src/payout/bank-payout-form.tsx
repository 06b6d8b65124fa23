import { MOBILE_PREFIX } from "@kalinga/domain/constants";
import { fill } from "@kalinga/domain/localized-texts";
import { keepMobileDigits } from "@kalinga/domain/mobile-digits";
import {
  accountDigitsText,
  bankOf,
  eWalletOf,
  type Payout,
  PHILIPPINE_BANKS,
  payoutSchema,
} from "@kalinga/domain/payout";
import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { useLeaveGuard } from "../claim/claim-data-store.ts";
import { PAYOUT_TEXTS } from "../claim/payout-texts.ts";
import { useClaimForm } from "../claim/use-claim-form.ts";
import type { VerifiedClaim } from "../claim/verified-claim.tsx";
import { DropdownField } from "../forms/dropdown-field.tsx";
import { DigitsInputField, TextInputField } from "../forms/text-input-field.tsx";
import { TileSwitchField } from "../forms/tile-switch-field.tsx";
import { useTexts } from "../ui/locale.ts";
import { StepActions } from "../ui/step-actions.tsx";

const bankOptions = PHILIPPINE_BANKS.map(({ label, value }) => ({ label, value }));
const methodOptions = (T: typeof PAYOUT_TEXTS) =>
  [
    { label: T.methodBank, value: "bank" },
    { label: T.methodGcash, value: "gcash" },
    { label: T.methodMaya, value: "maya" },
  ] as const;

/**
 * Step 3 of a living claim: where the benefit goes — a Philippine bank account, or a GCash or Maya
 * e-wallet named by its mobile number (docs/decisions/0045-payout-methods.md).
 */
export function BankPayoutForm({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(PAYOUT_TEXTS);
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-documents");
  useLeaveGuard();
  const { form, formRef, onInvalid } = useClaimForm(payoutSchema, claim.readData().payout, {
    name: "payout-option",
    onValuesChange: (payout) => claim.save({ payout: payout as Payout }),
  });
  const { control, handleSubmit } = form;
  const method = useWatch({ control, name: "method" }) ?? "bank";
  const wallet = eWalletOf(method);
  const bank = bankOf(useWatch({ control, name: "bank" }) ?? "");
  // A bank account number is no mobile number, nor the other way round: a new method starts empty.
  const shownMethod = useRef(method);
  useEffect(() => {
    if (shownMethod.current === method) return;
    shownMethod.current = method;
    form.setValue("accountNumber", "");
    form.clearErrors("accountNumber");
  }, [method, form]);

  const onValid = (payout: Payout) => {
    // A bank left from before switching to a wallet does not travel.
    const kept = eWalletOf(payout.method) ? { ...payout, bank: "" } : payout;
    claim.save({ payout: kept });
    navigate(nextRoute);
  };

  return (
    <section className="k-screen" aria-labelledby="k-payout-title">
      <h2 id="k-payout-title" className="k-screen-title">
        <span className="k-step">{T.step}</span> {T.title}
      </h2>
      <form ref={formRef} className="k-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TileSwitchField
          form={form}
          name="method"
          legend={T.methodQuestion}
          options={methodOptions(T)}
          // The account number means a bank account or a mobile number.
          recheck={["accountNumber"]}
        />
        {wallet ? (
          <fieldset className="k-section" key={wallet.method}>
            <legend className="k-section-title">
              {fill(T.walletSection, { wallet: wallet.label })}
            </legend>
            <p className="k-intro">{fill(T.walletIntro, { wallet: wallet.label })}</p>
            <DigitsInputField
              form={form}
              name="accountNumber"
              label={fill(T.walletNumber, { wallet: wallet.label })}
              keep={keepMobileDigits}
              prefix={MOBILE_PREFIX}
              tips={[fill(T.walletNumberTip, { wallet: wallet.label }), T.walletLimitTip]}
              notAllowBlank
            />
            <TextInputField
              form={form}
              name="accountName"
              label={fill(T.walletName, { wallet: wallet.label })}
              autoComplete="name"
              tips={[fill(T.walletNameTip, { wallet: wallet.label })]}
            />
          </fieldset>
        ) : (
          <fieldset className="k-section" key="bank">
            <legend className="k-section-title">{T.bankSection}</legend>
            <p className="k-intro">{T.bankIntro}</p>
            <DropdownField
              form={form}
              name="bank"
              label={T.bank}
              options={bankOptions}
              // The account number's length depends on the bank.
              recheck={["accountNumber"]}
              placeholder={T.bankPlaceholder}
            />
            {/* No maxlength: a longer name or number gets the domain's message, never a silent cut. */}
            <TextInputField
              form={form}
              name="accountName"
              label={T.accountName}
              autoComplete="name"
            />
            <DigitsInputField
              form={form}
              name="accountNumber"
              label={T.accountNumber}
              tips={[
                bank
                  ? fill(T.accountDigitsAt, { bank: bank.label, digits: accountDigitsText(bank) })
                  : fill(T.accountDigitsAny, { digits: accountDigitsText(null) }),
                T.digitsOnly,
              ]}
            />
          </fieldset>
        )}
        <StepActions back={{ to: "/claims-details" }} />
      </form>
    </section>
  );
}
