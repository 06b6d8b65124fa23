import { firstErrorPerField } from "@kalinga/domain/start-form";
import { type FormEvent, useEffect, useRef, useState } from "react";

type Schema<Draft, Valid> = {
  safeParse: (
    value: Draft,
  ) =>
    | { success: true; data: Valid }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
};

export type FieldErrors<Draft> = Partial<Record<keyof Draft & string, string>>;

/**
 * A form whose rules run on submit only (section 5): the values live in state, the domain schema
 * checks them on submit, each field shows its first message, and focus goes to the first field in
 * error. Errors stay until the next submit, as the specification says.
 */
export function useSubmitOnlyForm<Draft extends object, Valid>(
  schema: Schema<Draft, Valid>,
  initial: Draft,
  handlers: {
    onValid: (values: Valid) => void | Promise<void>;
    onInvalid?: (errors: FieldErrors<Draft>) => void;
  },
) {
  const [values, setValues] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors<Draft>>({});
  const [failedSubmits, setFailedSubmits] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  const setValue = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setValues((previous) => ({ ...previous, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (!result.success) {
      const found = Object.fromEntries(
        firstErrorPerField(result.error.issues).map((e) => [e.field, e.message]),
      ) as FieldErrors<Draft>;
      setErrors(found);
      setFailedSubmits((n) => n + 1);
      handlers.onInvalid?.(found);
      return;
    }
    setErrors({});
    await handlers.onValid(result.data);
  };

  return { values, setValue, errors, onSubmit, formRef };
}
