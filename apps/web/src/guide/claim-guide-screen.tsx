import type { ClaimGuide } from "@kalinga/content/claim-guide";
import { DOCUMENT_NAME_TEXTS, documentsToPrepare } from "@kalinga/domain/document-catalogue";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { loadClaimGuide } from "../content/claim-guide-client.ts";
import { useLocale, useTexts } from "../ui/locale.ts";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { GUIDE_TEXTS } from "./guide-texts.ts";

const CLAIM_TYPES = ["Death", "Living"] as const;

/**
 * /claim-guide: what to prepare for each claim type and who may file it, opened from the start
 * form and the documents step. Its words are the claim-guide configuration's in the chosen
 * locale; its lists the domain's document catalogue, so the guide never says other than the
 * documents step asks.
 */
export default function ClaimGuideScreen() {
  const setting = useWidgetSetting();
  const navigate = useNavigate();
  const texts = useTexts(GUIDE_TEXTS);
  const names = useTexts(DOCUMENT_NAME_TEXTS);
  const { locale } = useLocale();
  const [guide, setGuide] = useState<ClaimGuide | null>(null);

  // The guide's own words in the chosen locale: a switch on this screen loads them again.
  useEffect(() => {
    let live = true;
    void loadClaimGuide(setting, locale).then((loaded) => live && setGuide(loaded));
    return () => {
      live = false;
    };
  }, [setting, locale]);

  return (
    <TitledScreen id="k-guide-title" title={guide?.overview.title ?? texts.loadingTitle}>
      {guide ? (
        <div className="k-form">
          <p className="k-intro">{guide.overview.intro}</p>
          {CLAIM_TYPES.map((claimType) => {
            const part = guide[claimType];
            return (
              <section
                className="k-section"
                key={claimType}
                aria-labelledby={`k-guide-${claimType}`}
              >
                <h3 className="k-section-title" id={`k-guide-${claimType}`}>
                  {part.heading}
                </h3>
                <h4>{texts.whoMayFile}</h4>
                <p>{part.whoMayFile}</p>
                <p>{part.prepare}</p>
                <ul>
                  {documentsToPrepare(claimType).map((document) => (
                    <li key={document.documentCd}>
                      {names[document.documentCd] ?? document.name}
                      {document.accidentOnly ? ` ${texts.accidentOnly}` : null}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : (
        <p role="status">{texts.loading}</p>
      )}
      <div className="k-actions">
        <button type="button" className="k-btn k-btn--outlined" onClick={() => navigate(-1)}>
          {texts.back}
        </button>
      </div>
    </TitledScreen>
  );
}
