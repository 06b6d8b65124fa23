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
  const { bound, value, onChange } = useFormField(binding);
  return (
    <TileSwitch
      legend={legend}
      {...bound}
      options={options}
      value={value ?? ""}
      onChange={onChange}
      tips={tips}
    />
  );
}
