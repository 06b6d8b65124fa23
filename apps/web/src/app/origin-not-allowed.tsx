import { fill } from "@kalinga/domain/localized-texts";
import { useTexts } from "../ui/locale.ts";
import { APP_TEXTS } from "./app-texts.ts";

/** Instead of a form whose every call the service would refuse: whom the claimant can turn to. */
export function OriginNotAllowed({ companyName }: { companyName: string }) {
  const texts = useTexts(APP_TEXTS);
  return (
    <section className="k-screen" aria-labelledby="k-origin-title">
      <h2 id="k-origin-title" className="k-screen-title">
        {texts.originNotAllowedTitle}
      </h2>
      <p>
        {companyName
          ? fill(texts.originNotAllowedBody, { companyName })
          : texts.originNotAllowedBodyNoCompany}
      </p>
    </section>
  );
}
