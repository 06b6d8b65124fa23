import { type FieldValues, useFormState } from "react-hook-form";
import { TextField, type TextFieldProps } from "../ui/text-field.tsx";
import { type FieldBinding, useFormField } from "./form-field.ts";

type InputProps = Omit<
  TextFieldProps,
  "form" | "name" | "ref" | "value" | "defaultValue" | "onChange" | "onBlur" | "error" | "disabled"
>;

/**
 * Free text registered with the form (uncontrolled, as register() leaves it): the label, the input
 * and its message. The domain's limit gives "Exceeds the maximum length": pass maxLength only where
 * the specification cuts text as it is typed.
 */
export function TextInputField<Values extends FieldValues, Output>({
  form,
  name,
  label,
  ...input
}: Omit<FieldBinding<Values, Output, string | undefined>, "recheck"> & InputProps) {
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return (
    <TextField
      label={label}
      {...form.register(name, { onBlur: () => void form.trigger(name) })}
      {...input}
      error={error?.message}
    />
  );
}

const onlyDigits = (text: string) => text.replace(/\D/g, "");

/**
 * A number typed as text (policy, account and mobile numbers): it keeps what `keep` lets through of
 * what is typed or pasted, digits by default, and asks for the numeric keyboard without autofill.
 */
export function DigitsInputField<Values extends FieldValues, Output>({
  keep = onlyDigits,
  form,
  name,
  recheck,
  label,
  ...input
}: FieldBinding<Values, Output, string | undefined> &
  InputProps & { keep?: ((typed: string) => string) | undefined }) {
  const { bound, value, onChange } = useFormField({ form, name, recheck });
  return (
    <TextField
      label={label}
      {...bound}
      value={value ?? ""}
      onChange={(event) => onChange(keep(event.currentTarget.value))}
      inputMode="numeric"
      autoComplete="off"
      {...input}
    />
  );
}
