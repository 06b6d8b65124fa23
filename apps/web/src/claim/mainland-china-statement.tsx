import type { YesOrEmpty } from "@kalinga/domain/start-form-values";
import { useEffect, useRef } from "react";
import { track } from "../analytics/analytics.ts";
import { Checkbox } from "../ui/checkbox.tsx";
import { usePageContent } from "../widget/contexts.ts";

type ConsentField =
  | "mainlandChinaStatement"
  | "marketingCampaignsConsent"
  | "financialServicesConsent";

type Props = {
  statement: YesOrEmpty;
  marketing: YesOrEmpty;
  financialServices: YesOrEmpty;
  onChange: (field: ConsentField, value: YesOrEmpty) => void;
  error?: string | undefined;
  /** Read at unmount: leaving the form keeps the consents of a person still flagged mainland China. */
  isStillMainlandChina: () => boolean;
};

const yes = (checked: boolean): YesOrEmpty => (checked ? "Y" : "");

/** Shown when citizenship or residence is China: the statement to agree to and two consents. */
export function MainlandChinaStatement({
  statement,
  marketing,
  financialServices,
  onChange,
  error,
  isStillMainlandChina,
}: Props) {
  const text = usePageContent().mainlandChina;
  const latest = useRef({ onChange, isStillMainlandChina });
  latest.current = { onChange, isStillMainlandChina };

  // Section 4: on mount both consents are set to Y; on unmount they are cleared unless still China.
  useEffect(() => {
    latest.current.onChange("marketingCampaignsConsent", "Y");
    latest.current.onChange("financialServicesConsent", "Y");
    return () => {
      if (latest.current.isStillMainlandChina()) return;
      latest.current.onChange("marketingCampaignsConsent", "");
      latest.current.onChange("financialServicesConsent", "");
      latest.current.onChange("mainlandChinaStatement", "");
    };
  }, []);

  const consents: [ConsentField, string, YesOrEmpty][] = [
    ["mainlandChinaStatement", text.agreeLabel, statement],
    ["marketingCampaignsConsent", text.marketingConsent, marketing],
    ["financialServicesConsent", text.financialServicesConsent, financialServices],
  ];
  return (
    <fieldset className="k-callout">
      <legend className="k-callout-title">{text.title}</legend>
      <p>{text.statement}</p>
      {consents.map(([field, label, value]) => (
        <Checkbox
          key={field}
          name={field}
          label={label}
          checked={value === "Y"}
          onChange={(event) => onChange(field, yes(event.currentTarget.checked))}
          onClickReport={(checked) => track("consent_click", { consent: field, checked })}
          // Only the statement is required; the two consents are the claimant's choice.
          error={field === "mainlandChinaStatement" ? error : undefined}
        />
      ))}
    </fieldset>
  );
}
