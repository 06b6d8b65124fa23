import type { CompanyTexts } from "@kalinga/domain/company-config";
import { useLocale } from "../ui/locale.ts";
import { useWidgetSetting } from "./contexts.ts";

// The company's own words (decision 0093): its display name and member portal's name in the
// widget's locale, else in English; null when the widget runs without a company.

export function useCompanyTexts(): CompanyTexts | null {
  const { companyTexts } = useWidgetSetting();
  const { locale } = useLocale();
  if (!companyTexts) return null;
  return companyTexts[locale] ?? companyTexts.en ?? null;
}
