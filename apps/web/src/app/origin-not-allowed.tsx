import { APP_TEXTS } from "./app-texts.ts";

/** Instead of a form whose every call the service would refuse: whom the claimant can turn to. */
export function OriginNotAllowed({ companyName }: { companyName: string }) {
  return (
    <section className="k-screen" aria-labelledby="k-origin-title">
      <h2 id="k-origin-title" className="k-screen-title">
        {APP_TEXTS.originNotAllowedTitle}
      </h2>
      <p>
        {companyName
          ? APP_TEXTS.originNotAllowedBody(companyName)
          : APP_TEXTS.originNotAllowedBodyNoCompany}
      </p>
    </section>
  );
}
