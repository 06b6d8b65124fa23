import { fill } from "@kalinga/domain/localized-texts";
import { useEffect, useState } from "react";
import { useLocale, useTexts } from "../ui/locale.ts";
import { useWidgetSetting } from "../widget/contexts.ts";
import { type LocaleChoice, loadLocales } from "../widget/locale-catalogue.ts";
import { LOCALE_TEXTS } from "../widget/locale-texts.ts";

// The language switch every screen shows above its content: one toggle button per language, each
// named in its own language. Without another language to offer it shows nothing.

export function LanguageSwitch() {
  const { apiBase } = useWidgetSetting();
  const { locale, failed, choose } = useLocale();
  const texts = useTexts(LOCALE_TEXTS);
  const [others, setOthers] = useState<LocaleChoice[]>([]);

  useEffect(() => {
    let live = true;
    loadLocales(apiBase).then(
      (locales) => live && setOthers(locales),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [apiBase]);

  if (others.length === 0) return null;
  const choices = [{ locale: "en", name: LOCALE_TEXTS.name }, ...others];
  const failedName = choices.find((choice) => choice.locale === failed)?.name;
  return (
    <div className="k-language">
      <fieldset className="k-language__choices">
        <legend className="k-language__legend">{texts.switchLabel}</legend>
        {choices.map((choice) => (
          <button
            key={choice.locale}
            type="button"
            lang={choice.locale}
            className="k-language__choice"
            aria-pressed={choice.locale === locale}
            onClick={() => choice.locale !== locale && choose(choice.locale)}
          >
            {choice.name}
          </button>
        ))}
      </fieldset>
      {failedName ? (
        <p className="k-language__note" role="status">
          {fill(texts.unavailable, { language: failedName })}
        </p>
      ) : null}
    </div>
  );
}
