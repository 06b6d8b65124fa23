import type { YesOrEmpty } from "@kalinga/domain/start-form";
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

  return (
    <fieldset className="k-callout">
      <legend className="k-callout-title">{text.title}</legend>
      <p>{text.statement}</p>
      <Checkbox
        name="mainlandChinaStatement"
        label={text.agreeLabel}
        checked={statement === "Y"}
        onChange={(event) => onChange("mainlandChinaStatement", yes(event.currentTarget.checked))}
        onClickReport={(checked) =>
          track("consent_click", { consent: "mainlandChinaStatement", checked })
        }
        error={error}
      />
      <Checkbox
        name="marketingCampaignsConsent"
        label={text.marketingConsent}
        checked={marketing === "Y"}
        onChange={(event) =>
          onChange("marketingCampaignsConsent", yes(event.currentTarget.checked))
        }
        onClickReport={(checked) =>
          track("consent_click", { consent: "marketingCampaignsConsent", checked })
        }
      />
      <Checkbox
        name="financialServicesConsent"
        label={text.financialServicesConsent}
        checked={financialServices === "Y"}
        onChange={(event) => onChange("financialServicesConsent", yes(event.currentTarget.checked))}
        onClickReport={(checked) =>
          track("consent_click", { consent: "financialServicesConsent", checked })
        }
      />
    </fieldset>
  );
}
