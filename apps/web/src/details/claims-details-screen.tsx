import { type ClaimDetails, claimDetailsSchema } from "@kalinga/domain/claim-details";
import { FIELD_LIMITS } from "@kalinga/domain/constants";
import { isIsoDate, todayInManila } from "@kalinga/domain/dates";
import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { useLeaveGuard } from "../claim/claim-data-store.ts";
import {
  CLAIM_DETAILS_TEXTS,
  causeOptions,
  claimTypeOptions,
  yesNoOptions,
} from "../claim/claim-details-texts.ts";
import claimStepsCss from "../claim/claim-steps.css?inline";
import { useClaimForm } from "../claim/use-claim-form.ts";
import { useVerifiedClaim, type VerifiedClaim } from "../claim/verified-claim.tsx";
import { DateInputField } from "../forms/date-input-field.tsx";
import { DigitsInputField, TextInputField } from "../forms/text-input-field.tsx";
import { TileSwitchField } from "../forms/tile-switch-field.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { StepActions } from "../ui/step-actions.tsx";
import { adoptStyles } from "../ui/styles.ts";

adoptStyles(screenTextCss);
adoptStyles(claimStepsCss);

const BENEFITS = [
  "surgery",
  "confinement",
  "dismembermentAmputation",
  "disability",
] as const satisfies readonly (keyof ClaimDetails & keyof typeof CLAIM_DETAILS_TEXTS)[];

/** Step 2 of 4: what happened, reached once the mobile number is verified. */
export default function ClaimsDetailsScreen() {
  const claim = useVerifiedClaim();
  return <ClaimDetailsForm claim={claim} />;
}

function ClaimDetailsForm({ claim }: { claim: VerifiedClaim }) {
  const T = useTexts(CLAIM_DETAILS_TEXTS);
  const yesNo = yesNoOptions(T);
  const navigate = useNavigate();
  const location = useLocation();
  const nextRoute = useNextRoute("/payout-option");
  useLeaveGuard();
  const { webReferenceNumber, insuredDateOfBirth } = claim;
  const schema = useMemo(
    () => claimDetailsSchema({ dateOfBirth: insuredDateOfBirth }),
    [insuredDateOfBirth],
  );
  const { form, formRef, onInvalid } = useClaimForm(schema, claim.readData().details, {
    name: "claims-details",
    onValuesChange: (details) => claim.save({ details: details as ClaimDetails }),
  });
  const { control, handleSubmit } = form;
  const claimType = useWatch({ control, name: "claimType" });
  const livingSubtype = useWatch({ control, name: "livingSubtype" });
  // Every date of Step 2 falls between the insured's birth and today.
  const dateProps = {
    form,
    min: isIsoDate(insuredDateOfBirth) ? insuredDateOfBirth : undefined,
    max: todayInManila(),
  };
  // The accident and the symptoms come on or before the first consultation.
  const firstConsultation = {
    ...dateProps,
    name: "dateOfFirstConsultation",
    recheck: ["accidentDate", "dateSymptomsDiscovered"],
  } as const;

  const onValid = (details: ClaimDetails) => {
    claim.save({ details });
    navigate(nextRoute, { state: location.state });
  };

  return (
    <section className="k-screen" aria-labelledby="k-details-title">
      <h2 id="k-details-title" className="k-screen-title">
        <span className="k-step">{T.step}</span> {T.title}
      </h2>
      <p className="k-claim-reference">
        {T.webReferenceNumber}{" "}
        <strong className="k-reference" data-testid="web-reference-number">
          {webReferenceNumber}
        </strong>
      </p>
      <form ref={formRef} className="k-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <div className="k-section">
          <TileSwitchField
            form={form}
            name="claimType"
            legend={T.claimTypeQuestion}
            options={claimTypeOptions(T)}
          />
          {claimType === "Living" ? (
            <TileSwitchField
              form={form}
              name="livingSubtype"
              legend={T.livingSubtypeQuestion}
              options={causeOptions(T)}
            />
          ) : null}
        </div>

        {claimType === "Living" && livingSubtype === "AC" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.accidentSection}</legend>
            <DateInputField {...dateProps} name="accidentDate" label={T.accidentDate} />
            <TextInputField form={form} name="accidentPlace" label={T.accidentPlace} />
            <TextInputField form={form} name="injuryDetails" label={T.injuryDetails} />
            <TextInputField form={form} name="partOfBodyInjured" label={T.partOfBodyInjured} />
            <TileSwitchField
              form={form}
              name="accidentResult"
              legend={T.accidentNeurologicalQuestion}
              options={yesNo}
              tips={[T.accidentNeurologicalTip1, T.accidentNeurologicalTip2]}
            />
            <DateInputField {...firstConsultation} label={T.accidentFirstConsultation} />
          </fieldset>
        ) : null}

        {claimType === "Living" && livingSubtype === "IL" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.illnessSection}</legend>
            <TextInputField form={form} name="diagnosis" label={T.diagnosis} />
            <TextInputField form={form} name="illnessDetails" label={T.illnessDetails} />
            <TileSwitchField
              form={form}
              name="illnessResult"
              legend={T.illnessNeurologicalQuestion}
              options={yesNo}
              tips={[T.illnessNeurologicalTip1, T.illnessNeurologicalTip2]}
            />
            <DateInputField
              {...dateProps}
              name="dateSymptomsDiscovered"
              label={T.dateSymptomsDiscovered}
            />
            <DateInputField {...firstConsultation} label={T.illnessFirstConsultation} />
          </fieldset>
        ) : null}

        {claimType === "Living" && livingSubtype !== "" ? (
          <fieldset className="k-section k-benefits">
            <legend className="k-section-title">{T.benefitsSection}</legend>
            <p className="k-hint">{T.benefitsHint}</p>
            {BENEFITS.map((field) => (
              <Checkbox key={field} label={T[field]} {...form.register(field)} />
            ))}
          </fieldset>
        ) : null}

        {claimType === "Death" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.deathSection}</legend>
            <DateInputField {...dateProps} name="dateOfLoss" label={T.dateOfDeath} />
            <TextInputField form={form} name="causeOfLoss" label={T.causeOfDeath} />
            <TileSwitchField
              form={form}
              name="natureOfDeath"
              legend={T.natureOfDeathQuestion}
              options={causeOptions(T)}
            />
          </fieldset>
        ) : null}

        {claimType !== "" ? (
          <div className="k-section">
            <DigitsInputField
              form={form}
              name="policyNumber"
              label={T.policyNumber}
              maxLength={FIELD_LIMITS.policyNumber}
              tips={[T.policyNumberTip]}
            />
          </div>
        ) : null}

        <StepActions back={{ to: "/cf" }} />
      </form>
    </section>
  );
}
