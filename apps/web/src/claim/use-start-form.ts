import type { FieldContent } from "@kalinga/content/page-content";
import type { PublicStartForm, PublicStartFormDraft } from "@kalinga/domain/start-form";
import { emptyPublicStartForm } from "@kalinga/domain/start-form-values";
import { type FieldErrors, useSubmitOnlyForm } from "../forms/use-submit-only-form.ts";

/** The domain's rules for Step 1, a lazy chunk with the validation library. */
const loadStartFormSchema = () =>
  import("./start-form-checks.ts").then((rules) => rules.publicStartFormSchema);

/**
 * Step 1's form on every channel (the public start and the portals' /cfm): the domain's rules on
 * Next, and each field's name, message and content-service texts for its component.
 */
export function useStartForm(
  saved: Partial<PublicStartFormDraft> | undefined,
  handlers: {
    onValid: (valid: PublicStartForm) => void | Promise<void>;
    onInvalid?: (errors: FieldErrors<PublicStartFormDraft>) => void;
  },
) {
  // The draft type, so the shared sections (start-form-sections.tsx) take this form's setter.
  const form = useSubmitOnlyForm<PublicStartFormDraft, PublicStartForm>(
    loadStartFormSchema,
    { ...emptyPublicStartForm, ...saved },
    handlers,
  );
  /** A field's name and message, with its label, placeholder and tips from the content service. */
  const described = (
    field: keyof PublicStartFormDraft,
    { label, placeholder, tips }: FieldContent,
  ) => ({ name: field, error: form.errors[field], label, placeholder, tips });
  return { ...form, described };
}
