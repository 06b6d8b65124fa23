import { type ChangeEvent, type ComponentProps, type KeyboardEvent, type Ref, useId } from "react";
import { describedBy } from "./describedby.ts";
import { errorIdOf, FieldFrame } from "./field-frame.tsx";
import { tipsIdOf } from "./field-label.tsx";

export interface TextFieldProps extends Omit<ComponentProps<"input">, "prefix" | "ref"> {
  label: string;
  /** Message shown beneath the field; also marks the input invalid. */
  error?: string | undefined;
  /** Fixed text before the input, e.g. "+63"; shown and announced, never part of the value. */
  prefix?: string | undefined;
  /** Blocks the space key, and strips spaces that arrive another way (paste, phone keyboards). */
  notAllowBlank?: boolean | undefined;
  /** Bullet tips behind the info button beside the label. */
  tips?: readonly string[] | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A labelled text input; works with react-hook-form's register() and as a controlled input. */
export function TextField({
  label,
  error,
  prefix,
  notAllowBlank,
  tips,
  id,
  className,
  onKeyDown,
  onChange,
  "aria-describedby": ariaDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = errorIdOf(inputId);
  const prefixId = `${inputId}-prefix`;
  const tipsId = tipsIdOf(inputId, tips);

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (notAllowBlank && event.key === " ") event.preventDefault();
    onKeyDown?.(event);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (notAllowBlank && /\s/.test(input.value)) {
      const caret = input.selectionStart ?? input.value.length;
      const removedBeforeCaret = input.value.slice(0, caret).replace(/\S/g, "").length;
      input.value = input.value.replace(/\s/g, "");
      const at = caret - removedBeforeCaret;
      input.setSelectionRange(at, at);
    }
    onChange?.(event);
  };

  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      tips={tips}
      error={error}
      muted={inputProps.disabled || inputProps.readOnly}
      className={className}
      control={
        <>
          {prefix ? (
            <span className="k-prefix" id={prefixId}>
              {prefix}
            </span>
          ) : null}
          <input
            type="text"
            {...inputProps}
            id={inputId}
            className="k-input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(
              prefix && prefixId,
              error && errorId,
              tipsId,
              ariaDescribedBy,
            )}
            onKeyDown={handleKeyDown}
            onChange={handleChange}
          />
        </>
      }
    />
  );
}
