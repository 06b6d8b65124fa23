import { type ReactNode, useState } from "react";
import type { DropdownOption } from "../src/ui/searchable-dropdown.tsx";
import { countryOptions } from "./country-options.ts";

// What the gallery's pages share: a section with its heading, and the sample options.

export const countries = countryOptions();
export const philippines = countries.find((option) => option.value === "PH") ?? null;
export const tips = [
  "Enter the name as it appears on your valid ID.",
  "Letters, numbers and spaces only.",
];
export const policyTypes = [
  { label: "Individual", value: "Individual" },
  { label: "Corporate", value: "Corporate" },
];

/** Values two sections show alike: a field in a popup edits the same date and country as its twin. */
export function useSharedValues() {
  const [emptyDate, setEmptyDate] = useState("");
  const [residence, setResidence] = useState<DropdownOption | null>(null);
  return { emptyDate, setEmptyDate, residence, setResidence };
}
export type SharedValues = ReturnType<typeof useSharedValues>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="g-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
