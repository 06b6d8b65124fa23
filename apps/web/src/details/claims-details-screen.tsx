import {
  CLAIM_TYPES,
  type ClaimDetails,
  claimDetailsSchema,
  LIVING_SUBTYPES,
  NATURES_OF_DEATH,
} from "@kalinga/domain/claim-details";
import { FIELD_LIMITS } from "@kalinga/domain/constants";
import { isIsoDate, todayInManila } from "@kalinga/domain/dates";
import { useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { useNextRoute } from "../claim/back-to-review.ts";
import { readClaimData, saveClaimData, useLeaveGuard } from "../claim/claim-data-store.ts";
import { CLAIM_DETAILS_TEXTS as T, YES_NO_OPTIONS } from "../claim/claim-details-texts.ts";
import { adoptClaimStepStyles } from "../claim/claim-step-styles.ts";
import { messageOf, useClaimForm } from "../claim/use-claim-form.ts";
import { useVerifiedClaim, type VerifiedClaim } from "../claim/verified-claim.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { DateField } from "../ui/date-field.tsx";
import { StepActions } from "../ui/step-actions.tsx";
import { TextField } from "../ui/text-field.tsx";
import { TileSwitch } from "../ui/tile-switch.tsx";

adoptClaimStepStyles();

type DateFieldName =
  | "accidentDate"
  | "dateOfFirstConsultation"
  | "dateSymptomsDiscovered"
  | "dateOfLoss";
type TextFieldName =
  | "accidentPlace"
  | "injuryDetails"
  | "partOfBodyInjured"
  | "diagnosis"
  | "illnessDetails"
  | "causeOfLoss";

const BENEFITS: readonly { field: keyof ClaimDetails & string; label: string }[] = [
  { field: "surgery", label: T.surgery },
  { field: "confinement", label: T.confinement },
  { field: "dismembermentAmputation", label: T.dismembermentAmputation },
  { field: "disability", label: T.disability },
];

/** Step 2 of 4: what happened, reached once the mobile number is verified. */
export default function ClaimsDetailsScreen() {
  const claim = useVerifiedClaim();
  return <ClaimDetailsForm claim={claim} />;
}

function ClaimDetailsForm({ claim }: { claim: VerifiedClaim }) {
  const navigate = useNavigate();
  const location = useLocation();
  const nextRoute = useNextRoute("/payout-option");
  useLeaveGuard();
  const { webReferenceNumber, insuredDateOfBirth } = claim;
  const schema = useMemo(
    () => claimDetailsSchema({ dateOfBirth: insuredDateOfBirth }),
    [insuredDateOfBirth],
  );
  const { form, formRef, onInvalid, checkOnLeave, leave, digitsOnly } = useClaimForm(
    schema,
    readClaimData(webReferenceNumber).details,
    {
      name: "claims-details",
      onValuesChange: (details) =>
        saveClaimData(webReferenceNumber, { details: details as ClaimDetails }),
    },
  );
  const { control, register, handleSubmit, formState } = form;
  const { errors } = formState;
  const claimType = useWatch({ control, name: "claimType" });
  const livingSubtype = useWatch({ control, name: "livingSubtype" });
  const today = todayInManila();
  const min = isIsoDate(insuredDateOfBirth) ? insuredDateOfBirth : undefined;

  const dateField = (name: DateFieldName, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value ?? ""}
          onChange={(value) => {
            field.onChange(value);
            // The accident and the symptoms come on or before the first consultation.
            if (name !== "dateOfFirstConsultation") return;
            for (const earlier of ["accidentDate", "dateSymptomsDiscovered"] as const) {
              if (form.getFieldState(earlier).isTouched) void form.trigger(earlier);
            }
          }}
          onBlur={leave(field)}
          min={min}
          max={today}
          error={messageOf(errors, name)}
        />
      )}
    />
  );
  // The limit is the domain's, which says "Exceeds the maximum length"; the input never cuts text.
  const textField = (name: TextFieldName, label: string) => (
    <TextField
      label={label}
      {...register(name, { onBlur: checkOnLeave(name) })}
      error={messageOf(errors, name)}
    />
  );
  const tiles = (
    name: "claimType" | "livingSubtype" | "natureOfDeath" | "accidentResult" | "illnessResult",
    legend: string,
    options: readonly { label: string; value: string }[],
    tips?: readonly string[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TileSwitch
          legend={legend}
          name={field.name}
          ref={field.ref}
          options={options}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={leave(field)}
          error={messageOf(errors, name)}
          tips={tips}
        />
      )}
    />
  );

  const onValid = (details: ClaimDetails) => {
    saveClaimData(webReferenceNumber, { details });
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
          {tiles("claimType", T.claimTypeQuestion, CLAIM_TYPES)}
          {claimType === "Living"
            ? tiles("livingSubtype", T.livingSubtypeQuestion, LIVING_SUBTYPES)
            : null}
        </div>

        {claimType === "Living" && livingSubtype === "AC" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.accidentSection}</legend>
            {dateField("accidentDate", T.accidentDate)}
            {textField("accidentPlace", T.accidentPlace)}
            {textField("injuryDetails", T.injuryDetails)}
            {textField("partOfBodyInjured", T.partOfBodyInjured)}
            {tiles(
              "accidentResult",
              T.accidentNeurologicalQuestion,
              YES_NO_OPTIONS,
              T.accidentNeurologicalTips,
            )}
            {dateField("dateOfFirstConsultation", T.accidentFirstConsultation)}
          </fieldset>
        ) : null}

        {claimType === "Living" && livingSubtype === "IL" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.illnessSection}</legend>
            {textField("diagnosis", T.diagnosis)}
            {textField("illnessDetails", T.illnessDetails)}
            {tiles(
              "illnessResult",
              T.illnessNeurologicalQuestion,
              YES_NO_OPTIONS,
              T.illnessNeurologicalTips,
            )}
            {dateField("dateSymptomsDiscovered", T.dateSymptomsDiscovered)}
            {dateField("dateOfFirstConsultation", T.illnessFirstConsultation)}
          </fieldset>
        ) : null}

        {claimType === "Living" && livingSubtype !== "" ? (
          <fieldset className="k-section k-benefits">
            <legend className="k-section-title">{T.benefitsSection}</legend>
            <p className="k-hint">{T.benefitsHint}</p>
            {BENEFITS.map(({ field, label }) => (
              <Checkbox key={field} label={label} {...register(field)} />
            ))}
          </fieldset>
        ) : null}

        {claimType === "Death" ? (
          <fieldset className="k-section">
            <legend className="k-section-title">{T.deathSection}</legend>
            {dateField("dateOfLoss", T.dateOfDeath)}
            {textField("causeOfLoss", T.causeOfDeath)}
            {tiles("natureOfDeath", T.natureOfDeathQuestion, NATURES_OF_DEATH)}
          </fieldset>
        ) : null}

        {claimType !== "" ? (
          <div className="k-section">
            <Controller
              control={control}
              name="policyNumber"
              render={({ field }) => (
                <TextField
                  label={T.policyNumber}
                  {...digitsOnly(field)}
                  maxLength={FIELD_LIMITS.policyNumber}
                  tips={[T.policyNumberTip]}
                  error={messageOf(errors, "policyNumber")}
                />
              )}
            />
          </div>
        ) : null}

        <StepActions backTo="/cf" />
      </form>
    </section>
  );
}
