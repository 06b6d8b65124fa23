import type { FieldValues } from "react-hook-form";
import { TileSwitch, type TileSwitchProps } from "../ui/tile-switch.tsx";
import { type FieldBinding, useFormField } from "./form-field.ts";

type TileProps = Pick<TileSwitchProps, "legend" | "options" | "tips">;

/** A choice among tiles held by the form as the chosen tile's value ("" before a choice). */
export function TileSwitchField<Values extends FieldValues, Output>({
  legend,
  options,
  tips,
  ...binding
}: FieldBinding<Values, Output, string | undefined> & TileProps) {
  const field = useFormField(binding);
  return (
    <TileSwitch
      legend={legend}
      name={field.name}
      ref={field.ref}
      options={options}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
      tips={tips}
    />
  );
}
