import type { FieldValues } from "react-hook-form";
import {
  type DropdownOption,
  SearchableDropdown,
  type SearchableDropdownProps,
} from "../ui/searchable-dropdown.tsx";
import { usePageContent } from "../widget/contexts.ts";
import { type FieldBinding, useFormField } from "./form-field.ts";

type ListProps = Pick<SearchableDropdownProps, "label" | "placeholder">;

/** A choice from a fixed list, held by the form as the chosen option's code ("" before a choice). */
export function DropdownField<Values extends FieldValues, Output>({
  label,
  options,
  placeholder,
  ...binding
}: FieldBinding<Values, Output, string | undefined> &
  ListProps & { options: readonly DropdownOption[] }) {
  const { bound, value, onChange } = useFormField(binding);
  return (
    <SearchableDropdown
      label={label}
      {...bound}
      options={options}
      value={options.find((option) => option.value === value) ?? null}
      onChange={(option) => onChange(option.value)}
      placeholder={placeholder}
    />
  );
}

/** A country from the content service's list, held by the form as its label and code. */
export function CountryField<Values extends FieldValues, Output>({
  label,
  ...binding
}: FieldBinding<Values, Output, DropdownOption | null | undefined> & { label: string }) {
  const countries = usePageContent().dropdownList.country;
  const { bound, value, onChange } = useFormField(binding);
  return (
    <SearchableDropdown
      label={label}
      {...bound}
      options={countries}
      value={value ?? null}
      onChange={(option) => onChange({ label: option.label, value: option.value })}
    />
  );
}
