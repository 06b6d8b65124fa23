import {
  BENEFICIARY_RELATIONSHIPS,
  type Beneficiary,
  type BeneficiaryDraft,
  beneficiarySchema,
  HONORIFICS,
  isBeneficiaryMainlandChina,
  SEXES,
} from "@kalinga/domain/beneficiary";
import { FIELD_LIMITS, MOBILE_PREFIX } from "@kalinga/domain/constants";
import { todayInManila } from "@kalinga/domain/dates";
import { keepMobileDigits } from "@kalinga/domain/otp";
import type { Option } from "@kalinga/domain/start-form";
import { useEffect, useRef } from "react";
import { Controller, useWatch } from "react-hook-form";
import { MainlandChinaStatement } from "../../claim/mainland-china-statement.tsx";
import { messageOf, useClaimForm } from "../../claim/use-claim-form.ts";
import { Checkbox } from "../../ui/checkbox.tsx";
import { DateField } from "../../ui/date-field.tsx";
import { SearchableDropdown } from "../../ui/searchable-dropdown.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { TileSwitch } from "../../ui/tile-switch.tsx";
import { usePageContent } from "../../widget/contexts.ts";
import { MinorNote } from "./minor-badge.tsx";

type TextName =
  | "firstName"
  | "lastName"
  | "suffix"
  | "placeOfBirth"
  | "emailAddress"
  | "addressLine1"
  | "addressLine2"
  | "province"
  | "districtOrBarangay"
  | "city"
  | "zipCode"
  | "occupation"
  | "employerName"
  | "positionStatement";

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
  const countries = usePageContent().dropdownList.country;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { form, formRef, onInvalid, checkOnLeave, leave } = useClaimForm(
    beneficiarySchema,
    initial,
    {
      name: "beneficiary",
      onValuesChange,
    },
  );
  const { control, register, handleSubmit, formState, setValue } = form;
  const { errors } = formState;
  const [noMiddleName, dateOfBirth, citizenship, nationality, country] = useWatch({
    control,
    name: ["noMiddleName", "dateOfBirth", "citizenship", "nationality", "country"],
  });
  const [statement, marketing, financialServices] = useWatch({
    control,
    name: ["mainlandChinaStatement", "markectingCampaignsConsent", "financialServicesConsent"],
  });
  const china = isBeneficiaryMainlandChina({
    citizenship: citizenship ?? null,
    nationality: nationality ?? null,
    country: country ?? null,
  });
  const stillChina = useRef(china);
  stillChina.current = china;
  const today = todayInManila();

  // The form replaces the list on a phone: its title takes focus so a screen reader starts there.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  // Text runs past its limit and the domain says "Exceeds the maximum length" rather than a paste
  // being cut without a word; the suffix alone is limited as it is typed, as on Step 1.
  const text = (name: TextName, label: string, autoComplete = "off", inputLimit?: number) => (
    <TextField
      label={label}
      {...register(name, { onBlur: checkOnLeave(name) })}
      maxLength={inputLimit}
      autoComplete={autoComplete}
      error={messageOf(errors, name)}
    />
  );
  /** A fixed list whose value is the option's code. */
  const codeList = (
    name: "relationship" | "honorific",
    label: string,
    options: readonly Option[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SearchableDropdown
          label={label}
          name={field.name}
          ref={field.ref}
          options={options}
          value={options.find((option) => option.value === field.value) ?? null}
          onChange={(option) => field.onChange(option.value)}
          onBlur={leave(field)}
          error={messageOf(errors, name)}
        />
      )}
    />
  );
  const countryList = (name: "citizenship" | "nationality" | "country", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SearchableDropdown
          label={label}
          name={field.name}
          ref={field.ref}
          options={countries}
          value={field.value ?? null}
          onChange={(option) => {
            field.onChange({ label: option.label, value: option.value });
            // A Philippine address needs a province, a barangay and a 4-digit zip code.
            if (name !== "country") return;
            for (const part of ["province", "districtOrBarangay", "zipCode"] as const) {
              if (form.getFieldState(part).isTouched) void form.trigger(part);
            }
          }}
          onBlur={leave(field)}
          error={messageOf(errors, name)}
        />
      )}
    />
  );

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
        <legend className="k-section-title">Who they are</legend>
        {codeList("relationship", "Relationship to the insured", BENEFICIARY_RELATIONSHIPS)}
        {codeList("honorific", "Title", HONORIFICS)}
        {text("firstName", "First name", "given-name")}
        <div className="k-field-group">
          <Controller
            control={control}
            name="middleName"
            render={({ field }) => (
              <TextField
                label="Middle name"
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
            label="No middle name"
            {...register("noMiddleName", { onChange: () => void form.trigger("middleName") })}
          />
        </div>
        {text("lastName", "Last name", "family-name")}
        {text("suffix", "Suffix", "honorific-suffix", FIELD_LIMITS.suffix)}
        <div className="k-field-group">
          <Controller
            control={control}
            name="dateOfBirth"
            render={({ field }) => (
              <DateField
                label="Date of birth"
                name={field.name}
                ref={field.ref}
                value={field.value ?? ""}
                onChange={field.onChange}
                onBlur={leave(field)}
                max={today}
                error={messageOf(errors, "dateOfBirth")}
              />
            )}
          />
          <MinorNote dateOfBirth={dateOfBirth ?? ""} today={today} />
        </div>
        {text("placeOfBirth", "Place of birth")}
        {countryList("citizenship", "Citizenship")}
        {countryList("nationality", "Nationality")}
        <Controller
          control={control}
          name="sex"
          render={({ field }) => (
            <TileSwitch
              legend="Sex"
              name={field.name}
              ref={field.ref}
              options={SEXES}
              value={field.value ?? ""}
              onChange={field.onChange}
              onBlur={leave(field)}
              error={messageOf(errors, "sex")}
            />
          )}
        />
      </fieldset>

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">How to reach them</legend>
        <p className="k-hint k-wide">For a minor, give the parent&rsquo;s or guardian&rsquo;s.</p>
        <Controller
          control={control}
          name="phoneNumber"
          render={({ field }) => (
            <TextField
              label="Mobile number"
              name={field.name}
              ref={field.ref}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(keepMobileDigits(event.currentTarget.value))}
              onBlur={leave(field)}
              prefix={MOBILE_PREFIX}
              inputMode="numeric"
              autoComplete="off"
              notAllowBlank
              error={messageOf(errors, "phoneNumber")}
            />
          )}
        />
        {text("emailAddress", "Email address")}
      </fieldset>

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">Address</legend>
        <p className="k-hint k-wide">
          An address in the Philippines needs the province, the district or barangay and the 4-digit
          zip code.
        </p>
        {text("addressLine1", "Address line 1")}
        {text("addressLine2", "Address line 2 (optional)")}
        {text("districtOrBarangay", "District or barangay")}
        {text("city", "City or municipality")}
        {text("province", "Province")}
        {countryList("country", "Country")}
        {text("zipCode", "Zip code")}
      </fieldset>

      <fieldset className="k-section k-section--columns">
        <legend className="k-section-title">Work</legend>
        {text("occupation", "Occupation")}
        {text("employerName", "Employer name (optional)")}
        {text("positionStatement", "Position (optional)")}
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
              label="I authorize the insurer to verify this beneficiary's documents with the offices that issued them."
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
          Cancel
        </button>
        <button className="k-btn k-btn--contained" type="submit">
          Save beneficiary
        </button>
      </div>
    </form>
  );
}
