import {
  BENEFICIARY_RELATIONSHIPS,
  type Beneficiary,
  type BeneficiaryDraft,
  beneficiarySchema,
  GUARDIAN_RELATIONSHIPS,
  HONORIFICS,
  isBeneficiaryMainlandChina,
  needsGuardian,
  SEXES,
} from "@kalinga/domain/beneficiary";
import { FIELD_LIMITS, MOBILE_PREFIX } from "@kalinga/domain/constants";
import { todayInManila } from "@kalinga/domain/dates";
import { keepMobileDigits } from "@kalinga/domain/mobile-digits";
import { useEffect, useRef } from "react";
import { Controller, type FieldPathByValue, useWatch } from "react-hook-form";
import { BENEFICIARY_TEXTS, labelled, nameTips } from "../../claim/beneficiary-texts.ts";
import { MainlandChinaStatement } from "../../claim/mainland-china-statement.tsx";
import { messageOf, useClaimForm } from "../../claim/use-claim-form.ts";
import { DateInputField } from "../../forms/date-input-field.tsx";
import { CountryField, DropdownField } from "../../forms/dropdown-field.tsx";
import { DigitsInputField, TextInputField } from "../../forms/text-input-field.tsx";
import { TileSwitchField } from "../../forms/tile-switch-field.tsx";
import { Checkbox } from "../../ui/checkbox.tsx";
import { EmailSuggestion } from "../../ui/email-suggestion.tsx";
import { DATE_OF_BIRTH_OPENS_YEARS_BACK, yearsBeforeToday } from "../../ui/local-date.ts";
import { useTexts } from "../../ui/locale.ts";
import { TextField } from "../../ui/text-field.tsx";
import { usePageContent } from "../../widget/contexts.ts";
import { MinorNote } from "./minor-badge.tsx";

type Props = {
  /** "Beneficiary 2", or "New beneficiary". */
  title: string;
  initial: BeneficiaryDraft;
  onValuesChange: (values: BeneficiaryDraft) => void;
  onSave: (beneficiary: Beneficiary) => void;
  onCancel: () => void;
};

/** One beneficiary's details: every beneficiaryList field of section 3, saved into the list when valid. */
export function BeneficiaryForm({ title, initial, onValuesChange, onSave, onCancel }: Props) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const T = useTexts(BENEFICIARY_TEXTS);
  const tips = nameTips(T);
  const { form, formRef, onInvalid, leave } = useClaimForm(beneficiarySchema, initial, {
    name: "beneficiary",
    onValuesChange,
  });
  const { control, register, handleSubmit, formState, setValue } = form;
  const { errors, touchedFields } = formState;
  const { emailSuggestion } = usePageContent();
  const [noMiddleName, dateOfBirth, citizenship, nationality, country] = useWatch({
    control,
    name: ["noMiddleName", "dateOfBirth", "citizenship", "nationality", "country"],
  });
  const [statement, marketing, financialServices] = useWatch({
    control,
    name: ["mainlandChinaStatement", "marketingCampaignsConsent", "financialServicesConsent"],
  });
  const china = isBeneficiaryMainlandChina({
    citizenship: citizenship ?? null,
    nationality: nationality ?? null,
    country: country ?? null,
  });
  const stillChina = useRef(china);
  stillChina.current = china;
  const today = todayInManila();
  const guardianShown = needsGuardian(dateOfBirth, today);
  // Autofill holds the claimant's own details, not a beneficiary's: text fields ask for none.
  const textProps = { form, autoComplete: "off" } as const;

  /** An e-mail field and, once left, the fix for a misspelt domain. */
  const emailField = (
    name: FieldPathByValue<BeneficiaryDraft, string | undefined>,
    label: string,
    touched: boolean | undefined,
  ) => (
    <div>
      <TextInputField {...textProps} name={name} label={label} type="email" />
      <EmailSuggestion
        address={form.getValues(name) ?? ""}
        shown={touched === true}
        text={emailSuggestion}
        onAccept={(fixed) => {
          setValue(name, fixed, { shouldDirty: true, shouldValidate: true });
          form.setFocus(name);
        }}
      />
    </div>
  );
  // Re-render as either address is typed, so its suggestion follows.
  useWatch({ control, name: ["emailAddress", "guardian.emailAddress"] });

  // The form replaces the list on a phone: its title takes focus so a screen reader starts there.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <form
      ref={formRef}
      className="k-form"
      noValidate
      aria-labelledby="k-beneficiary-form-title"
      onSubmit={handleSubmit(onSave, onInvalid)}
    >
      <h3 id="k-beneficiary-form-title" className="k-form-title" tabIndex={-1} ref={titleRef}>
        {title}
      </h3>
      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">{T.whoSection}</legend>
        <DropdownField
          form={form}
          name="relationship"
          label={T.relationship}
          options={labelled("relationship", BENEFICIARY_RELATIONSHIPS, T)}
        />
        <DropdownField
          form={form}
          name="honorific"
          label={T.honorific}
          options={labelled("honorific", HONORIFICS, T)}
        />
        <TextInputField
          form={form}
          name="firstName"
          label={T.firstName}
          tips={tips.first}
          autoComplete="given-name"
        />
        <div className="k-field-group">
          <Controller
            control={control}
            name="middleName"
            render={({ field }) => (
              <TextField
                label={T.middleName}
                tips={tips.middle}
                name={field.name}
                ref={field.ref}
                value={noMiddleName ? "" : (field.value ?? "")}
                onChange={field.onChange}
                onBlur={leave(field)}
                disabled={noMiddleName === true}
                autoComplete="additional-name"
                error={noMiddleName ? undefined : messageOf(errors, "middleName")}
              />
            )}
          />
          <Checkbox
            label={T.noMiddleName}
            {...register("noMiddleName", { onChange: () => void form.trigger("middleName") })}
          />
        </div>
        <TextInputField
          form={form}
          name="lastName"
          label={T.lastName}
          tips={tips.last}
          autoComplete="family-name"
        />
        {/* The suffix alone is limited as it is typed, as on Step 1. */}
        <TextInputField
          form={form}
          name="suffix"
          label={T.suffix}
          maxLength={FIELD_LIMITS.suffix}
          autoComplete="honorific-suffix"
        />
        <div className="k-field-group">
          <DateInputField
            form={form}
            name="dateOfBirth"
            label={T.dateOfBirth}
            max={today}
            openOn={yearsBeforeToday(DATE_OF_BIRTH_OPENS_YEARS_BACK)}
          />
          <MinorNote dateOfBirth={dateOfBirth ?? ""} today={today} />
        </div>
        <TextInputField {...textProps} name="placeOfBirth" label={T.placeOfBirth} />
        <CountryField form={form} name="citizenship" label={T.citizenship} />
        <CountryField form={form} name="nationality" label={T.nationality} />
        <TileSwitchField
          form={form}
          name="sex"
          legend={T.sex}
          options={labelled("sex", SEXES, T)}
        />
      </fieldset>

      {guardianShown ? (
        <fieldset className="k-section k-section--columns">
          <legend className="k-section-title">{T.guardianSection}</legend>
          <p className="k-hint k-wide">{T.guardianIntro}</p>
          <TextInputField
            {...textProps}
            name="guardian.firstName"
            label={T.guardianFirstName}
            tips={tips.guardian}
          />
          <TextInputField
            {...textProps}
            name="guardian.middleName"
            label={T.guardianMiddleName}
            tips={tips.guardian}
          />
          <TextInputField
            {...textProps}
            name="guardian.lastName"
            label={T.guardianLastName}
            tips={tips.guardian}
          />
          <DropdownField
            form={form}
            name="guardian.relationship"
            label={T.guardianRelationship}
            options={labelled("guardian", GUARDIAN_RELATIONSHIPS, T)}
          />
          <DigitsInputField
            form={form}
            name="guardian.phoneNumber"
            label={T.guardianMobile}
            keep={keepMobileDigits}
            prefix={MOBILE_PREFIX}
            notAllowBlank
          />
          {emailField(
            "guardian.emailAddress",
            T.guardianEmail,
            touchedFields.guardian?.emailAddress,
          )}
        </fieldset>
      ) : null}

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">{T.contactSection}</legend>
        <p className="k-hint k-wide">{guardianShown ? T.contactHintMinor : T.contactHint}</p>
        <DigitsInputField
          form={form}
          name="phoneNumber"
          label={guardianShown ? T.mobileNumberOptional : T.mobileNumber}
          keep={keepMobileDigits}
          prefix={MOBILE_PREFIX}
          notAllowBlank
        />
        {emailField(
          "emailAddress",
          guardianShown ? T.emailAddressOptional : T.emailAddress,
          touchedFields.emailAddress,
        )}
      </fieldset>

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">{T.addressSection}</legend>
        <p className="k-hint k-wide">{T.addressHint}</p>
        <TextInputField {...textProps} name="addressLine1" label={T.addressLine1} />
        <TextInputField {...textProps} name="addressLine2" label={T.addressLine2} />
        <TextInputField {...textProps} name="districtOrBarangay" label={T.districtOrBarangay} />
        <TextInputField {...textProps} name="city" label={T.city} />
        <TextInputField {...textProps} name="province" label={T.province} />
        {/* A Philippine address needs a province, a barangay and a 4-digit zip code. */}
        <CountryField
          form={form}
          name="country"
          label={T.country}
          recheck={["province", "districtOrBarangay", "zipCode"]}
        />
        <TextInputField {...textProps} name="zipCode" label={T.zipCode} />
      </fieldset>

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">{T.workSection}</legend>
        <TextInputField {...textProps} name="occupation" label={T.occupation} />
        <TextInputField {...textProps} name="employerName" label={T.employerName} />
        <TextInputField {...textProps} name="positionStatement" label={T.positionStatement} />
      </fieldset>

      <div className="k-section">
        {china ? (
          <MainlandChinaStatement
            statement={statement ?? ""}
            marketing={marketing ?? ""}
            financialServices={financialServices ?? ""}
            onChange={(name, value) =>
              setValue(name, value, {
                shouldDirty: true,
                shouldValidate: name === "mainlandChinaStatement",
              })
            }
            isStillMainlandChina={() => stillChina.current}
            error={messageOf(errors, "mainlandChinaStatement")}
          />
        ) : null}
        <Controller
          control={control}
          name="docVerifyAuthorize"
          render={({ field }) => (
            <Checkbox
              label={T.docVerifyAuthorize}
              name={field.name}
              ref={field.ref}
              checked={field.value === "Y"}
              onChange={(event) => field.onChange(event.currentTarget.checked ? "Y" : "")}
              onBlur={leave(field)}
              error={messageOf(errors, "docVerifyAuthorize")}
            />
          )}
        />
      </div>

      <div className="k-actions">
        <button className="k-btn k-btn--outlined" type="button" onClick={onCancel}>
          {T.cancel}
        </button>
        <button className="k-btn k-btn--contained" type="submit">
          {T.save}
        </button>
      </div>
    </form>
  );
}
