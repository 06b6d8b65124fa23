import type { DropdownOption } from "../src/ui/searchable-dropdown.tsx";

// Old aliases, groupings and pseudo-regions Intl also names; what is left are about 250 countries.
const NOT_COUNTRIES = new Set(
  "AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ".split(
    " ",
  ),
);

/** Countries by two-letter code, named by Intl, as dropdown options sorted by name. */
export function countryOptions(): DropdownOption[] {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const options: DropdownOption[] = [];
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      const label = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (label && label !== code) options.push({ label, value: code });
    }
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}
