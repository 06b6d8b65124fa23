import type { FieldContent, Option } from "@kalinga/content/page-content";
import type { PublicStartFormDraft } from "@kalinga/domain/start-form";
import { isMainlandChina } from "@kalinga/domain/start-form-values";
import { useRef } from "react";
import type { FieldErrors } from "../forms/use-submit-only-form.ts";
import { SearchableDropdown } from "../ui/searchable-dropdown.tsx";
import { TextField } from "../ui/text-field.tsx";
import { TileSwitch } from "../ui/tile-switch.tsx";
import { usePageContent } from "../widget/contexts.ts";
import { MainlandChinaStatement } from "./mainland-china-statement.tsx";

// The parts of Step 1 that the public form and the portals' form (/cfm) share, as section 2 lists
// them for both: citizenship and residence with the China block, and the policy type.

export type StartFormParts = {
  values: PublicStartFormDraft;
  setValue: <K extends keyof PublicStartFormDraft>(
    field: K,
    value: PublicStartFormDraft[K],
  ) => void;
  errors: FieldErrors<PublicStartFormDraft>;
  /** A field's name and message, with its label, placeholder and tips (use-start-form.ts). */
  described: (
    field: keyof PublicStartFormDraft,
    content: FieldContent,
  ) => { name: string; error: string | undefined } & FieldContent;
};

/** Country of citizenship and of residence, and for mainland China its statement and consents. */
export function ResidenceFields({ values, setValue, errors, described }: StartFormParts) {
  const content = usePageContent();
  const owner = content.microsite.mainInfo.policyOwnerDetails.fields;
  const china = isMainlandChina(values.citizenship, values.countryResident);
  // The statement asks on unmount whether the person is still from mainland China.
  const stillChina = useRef(china);
  stillChina.current = china;
  const country = (field: "citizenship" | "countryResident") => ({
    ...described(field, owner[field]),
    options: content.dropdownList.country,
    value: values[field] ?? null,
    onChange: (option: Option) => setValue(field, option),
  });
  return (
    <>
      <SearchableDropdown {...country("citizenship")} />
      <SearchableDropdown {...country("countryResident")} />
      {china ? (
        <MainlandChinaStatement
          statement={values.mainlandChinaStatement ?? ""}
          marketing={values.marketingCampaignsConsent ?? ""}
          financialServices={values.financialServicesConsent ?? ""}
          onChange={(field, value) => setValue(field, value)}
          isStillMainlandChina={() => stillChina.current}
          error={errors.mainlandChinaStatement}
        />
      ) : null}
    </>
  );
}

/** Individual or Corporate; a corporate policy names its company. */
export function PolicyInformationSection({ values, setValue, errors, described }: StartFormParts) {
  const { ClaimInfo } = usePageContent().microsite.mainInfo;
  const claimInfo = ClaimInfo.fields;
  return (
    <fieldset className="k-section">
      <legend className="k-section-title">{ClaimInfo.title}</legend>
      <TileSwitch
        name="policyType"
        legend={claimInfo.policyType.label}
        tips={claimInfo.policyType.tips}
        options={[
          { label: claimInfo.individual.label, value: "Individual" },
          { label: claimInfo.corporate.label, value: "Corporate" },
        ]}
        value={values.policyType ?? ""}
        onChange={(value) => {
          setValue("policyType", value === "Corporate" ? "Corporate" : "Individual");
          // Choosing Individual clears the company name.
          if (value === "Individual") setValue("companyOther", "");
        }}
        error={errors.policyType}
      />
      {values.policyType === "Corporate" ? (
        <TextField
          {...described("companyOther", claimInfo.companyOther)}
          value={values.companyOther ?? ""}
          onChange={(event) => setValue("companyOther", event.currentTarget.value)}
          autoComplete="organization"
        />
      ) : null}
    </fieldset>
  );
}
