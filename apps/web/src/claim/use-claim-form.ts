import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  useForm,
} from "react-hook-form";
import type * as z from "zod/mini";
import { trackFieldError } from "../analytics/analytics.ts";

/**
 * A form of Steps 2 and 3 (section 5, "elsewhere"): a field shows its message once it has been
 * touched and left, and checks again at every change. A failed submit shows every message and
 * focuses the first field in error in the order the claimant sees them. Every change is handed to
 * `onValuesChange`, which keeps it in the session.
 */
export function useClaimForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: z.input<Schema>,
  options: { name: string; onValuesChange: (values: z.input<Schema>) => void },
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<z.input<Schema>>,
    mode: "onTouched",
    // Focus follows what the claimant sees (DOM order), not the order fields were registered.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const subscription = form.watch((values) =>
      latest.current.onValuesChange(values as z.input<Schema>),
    );
    return () => subscription.unsubscribe();
  }, [form]);

  useEffect(() => {
    if (failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedSubmits]);

  const onInvalid = (errors: FieldErrors<z.input<Schema>>) => {
    setFailedSubmits((n) => n + 1);
    for (const [field, error] of Object.entries(errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message === "string") trackFieldError(latest.current.name, field, message);
    }
  };

  /**
   * The onBlur of a Controller field the forms/ components do not cover: marks it touched and checks
   * it, since after a failed submit react-hook-form checks on change only.
   */
  const leave = (field: { name: Path<z.input<Schema>>; onBlur: () => void }) => () => {
    field.onBlur();
    void form.trigger(field.name);
  };

  return { form, formRef, onInvalid, leave };
}

/** The message of a field, as the shared widgets take it. */
export function messageOf(errors: FieldErrors, field: string): string | undefined {
  const message = errors[field]?.message;
  return typeof message === "string" ? message : undefined;
}
