import { firstErrorPerField } from "@kalinga/domain/start-form-values";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { systemError } from "../api/system-error.ts";

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
 * error. Errors stay until the next submit, as the specification says. The schema is fetched on
 * the first change (the start step carries no validation library before anyone types) and awaited
 * on submit.
 */
export function useSubmitOnlyForm<Draft extends object, Valid>(
  loadSchema: () => Promise<Schema<Draft, Valid>>,
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
  const schema = useRef<Promise<Schema<Draft, Valid>> | null>(null);

  /** One fetch of the schema; a failed one is forgotten, so the next submit tries again. */
  const prepareSchema = () => {
    schema.current ??= loadSchema().catch((error: unknown) => {
      schema.current = null;
      throw error;
    });
    return schema.current;
  };

  useEffect(() => {
    if (failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  const setValue = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    // A failed early fetch is only a head start missed: submit fetches again and says so if it fails.
    prepareSchema().catch(() => undefined);
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let checker: Schema<Draft, Valid>;
    try {
      checker = await prepareSchema();
    } catch {
      systemError.show();
      return;
    }
    const result = checker.safeParse(values);
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
