import {
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
  useController,
} from "react-hook-form";

/** What a field component needs of its react-hook-form form (the object useForm returns). */
type FieldForm<Values extends FieldValues, Output = Values> = Pick<
  UseFormReturn<Values, unknown, Output>,
  "control" | "register" | "trigger" | "getFieldState"
>;

/** The form and the name of the field a component binds, typed so a field holds what it shows. */
export type FieldBinding<Values extends FieldValues, Output, Value> = {
  form: FieldForm<Values, Output>;
  name: FieldPathByValue<Values, Value>;
  /** Fields checked again after this one changes, once the claimant has left them. */
  recheck?: readonly FieldPath<Values>[] | undefined;
};

/**
 * A field held by react-hook-form for a controlled widget: its value; a change that also re-checks
 * the fields that depend on it; and `bound`, the props every widget takes alike (name, ref, a blur
 * that marks the field touched and checks it, and its first message).
 */
export function useFormField<Values extends FieldValues, Output, Value>({
  form,
  name,
  recheck,
}: FieldBinding<Values, Output, Value>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return {
    bound: {
      name: field.name,
      ref: field.ref,
      // After a failed submit react-hook-form checks on change only; a field left must still check.
      onBlur: () => {
        field.onBlur();
        void form.trigger(name);
      },
      error: fieldState.error?.message,
    },
    // The name's type guarantees the value; useController cannot see through a generic path.
    value: field.value as Value,
    onChange: (value: unknown) => {
      field.onChange(value);
      for (const other of recheck ?? []) {
        if (form.getFieldState(other).isTouched) void form.trigger(other);
      }
    },
  };
}
