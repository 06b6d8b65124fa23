// Every word a claimant or examiner reads is a keyed text: its English default kept in one place per
// feature (a `*-texts.ts` file declares them with defineTexts), every other locale and every insurer's
// edit arriving as data — a catalogue of "<feature>.<key>" → text — so a locale is a data change.

/** A catalogue of one locale: "<feature>.<key>" → the text, templates keeping their {slots}. */
export type Catalogue = Readonly<Record<string, string>>;

/** A feature's texts: each key's English default, plain or a template with {named} slots. */
export type FeatureTexts = Readonly<Record<string, string>>;

const FEATURE = Symbol("feature");
type Declared = FeatureTexts & { readonly [FEATURE]?: string };

/** Declares a feature's texts with their English defaults; `feature` prefixes its keys in catalogues. */
export function defineTexts<const T extends FeatureTexts>(feature: string, defaults: T): T {
  if (!/^[a-z][a-zA-Z0-9-]*$/.test(feature))
    throw new Error(`Bad texts feature name "${feature}".`);
  Object.defineProperty(defaults, FEATURE, { value: feature, enumerable: false });
  return Object.freeze(defaults);
}

/** The feature name defineTexts gave these texts. */
export function featureOf(texts: FeatureTexts): string {
  const feature = (texts as Declared)[FEATURE];
  if (feature === undefined) throw new Error("These texts were not declared with defineTexts.");
  return feature;
}

const localized = new WeakMap<Catalogue, WeakMap<FeatureTexts, FeatureTexts>>();

/** The texts in a catalogue's locale: each key its catalogue text, else its English default. */
export function localize<T extends FeatureTexts>(texts: T, catalogue: Catalogue | null): T {
  if (catalogue === null) return texts;
  let byTexts = localized.get(catalogue);
  if (!byTexts) {
    byTexts = new WeakMap();
    localized.set(catalogue, byTexts);
  }
  const known = byTexts.get(texts);
  if (known) return known as T;
  const feature = featureOf(texts);
  const result = Object.freeze(
    Object.fromEntries(
      Object.entries(texts).map(([key, english]) => [
        key,
        catalogue[`${feature}.${key}`] ?? english,
      ]),
    ),
  ) as T;
  byTexts.set(texts, result);
  return result;
}

/** A template with its {slots} filled; a slot without a value stays as written, so it shows. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : slot,
  );
}

/** The {slots} a template names, sorted, each once. */
export function slotsOf(template: string): string[] {
  return [
    ...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)),
  ].sort();
}

export type CatalogueProblem =
  | { key: string; problem: "missing" }
  | { key: string; problem: "unknown" }
  | { key: string; problem: "slots"; expected: string[]; found: string[] };

/**
 * What a locale's catalogue lacks against every feature's English: keys missing, keys no feature has,
 * and texts whose {slots} differ from the English (a translation that drops a name or a date).
 */
export function catalogueProblems(
  features: readonly FeatureTexts[],
  catalogue: Catalogue,
): CatalogueProblem[] {
  return catalogueProblemsAgainst(englishCatalogue(features), catalogue);
}

/** Every feature's English as one catalogue of "<feature>.<key>" → text. */
export function englishCatalogue(features: readonly FeatureTexts[]): Catalogue {
  const english: Record<string, string> = {};
  for (const texts of features) {
    const feature = featureOf(texts);
    for (const [key, text] of Object.entries(texts)) english[`${feature}.${key}`] = text;
  }
  return Object.freeze(english);
}

/** catalogueProblems against English given as a catalogue, as a server holds it. */
export function catalogueProblemsAgainst(
  english: Catalogue,
  catalogue: Catalogue,
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const [key, base] of Object.entries(english)) {
    const text = catalogue[key];
    if (text === undefined) problems.push({ key, problem: "missing" });
    else if (slotsOf(text).join() !== slotsOf(base).join())
      problems.push({ key, problem: "slots", expected: slotsOf(base), found: slotsOf(text) });
  }
  for (const key of Object.keys(catalogue)) {
    if (!Object.hasOwn(english, key)) problems.push({ key, problem: "unknown" });
  }
  return problems.sort((a, b) => a.key.localeCompare(b.key));
}

/** The server's SMS and e-mail features are named "sms-…" or "messages-…", never like a widget's. */
const MESSAGE_FEATURE = /^(?:sms|messages)-/;

/** A locale file's keys split between the server's messages and the widget's, each checked apart. */
export function splitCatalogue(catalogue: Catalogue): { widget: Catalogue; messages: Catalogue } {
  const entries = Object.entries(catalogue);
  const isMessage = ([key]: [string, string]) => MESSAGE_FEATURE.test(key);
  return {
    widget: Object.fromEntries(entries.filter((entry) => !isMessage(entry))),
    messages: Object.fromEntries(entries.filter(isMessage)),
  };
}
