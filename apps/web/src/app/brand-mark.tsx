import { useCompanyTexts } from "../widget/company-texts.ts";
import { useWidgetSetting } from "../widget/contexts.ts";

/** The company's logo above every screen, when it configures one, named by its display name. */
export function BrandMark() {
  const { brand } = useWidgetSetting();
  const texts = useCompanyTexts();
  if (!brand?.logoUrl || !texts) return null;
  return (
    <p className="k-brand">
      <img className="k-brand__logo" src={brand.logoUrl} alt={texts.displayName} />
    </p>
  );
}
