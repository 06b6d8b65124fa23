import type { FieldValues } from "react-hook-form";
import { DateField, type DateFieldProps } from "../ui/date-field.tsx";
import { type FieldBinding, useFormField } from "./form-field.ts";

type DateProps = Pick<DateFieldProps, "label" | "min" | "max" | "openOn">;

/** A date held by the form as "yyyy-MM-dd" (or the text typed, until it is a date). */
export function DateInputField<Values extends FieldValues, Output>({
  label,
  min,
  max,
  openOn,
  ...binding
}: FieldBinding<Values, Output, string | undefined> & DateProps) {
  const { bound, value, onChange } = useFormField(binding);
  return (
    <DateField
      label={label}
      {...bound}
      value={value ?? ""}
      onChange={onChange}
      min={min}
      max={max}
      openOn={openOn}
    />
  );
}
