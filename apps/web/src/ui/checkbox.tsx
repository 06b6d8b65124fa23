import { type ComponentProps, type ReactNode, type Ref, useId } from "react";
import { describedBy } from "./describedby.ts";
import { FieldError } from "./field-error.tsx";
import { WarningIcon } from "./warning-icon.tsx";

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type" | "ref"> {
  /** The visible label, which may hold links; it is the checkbox's accessible name. */
  label: ReactNode;
  /** Extra guidance beneath, shown with a warning icon. */
  helperText?: ReactNode;
  error?: string | undefined;
  /** Told of every click with the new state, for analytics. */
  onClickReport?: ((checked: boolean) => void) | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A native checkbox with its label; works with register() and as a controlled input. */
export function Checkbox({
  label,
  helperText,
  error,
  onClickReport,
  id,
  className,
  onClick,
  "aria-describedby": ariaDescribedBy,
  ...inputProps
}: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;

  return (
    <div className={className ? `k-check ${className}` : "k-check"}>
      <div className="k-check__row">
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          className="k-check__box"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            helperText != null && helperId,
            error && errorId,
            ariaDescribedBy,
          )}
          onClick={(event) => {
            onClickReport?.(event.currentTarget.checked);
            onClick?.(event);
          }}
        />
        <label className="k-check__label" htmlFor={inputId}>
          {label}
        </label>
      </div>
      {helperText != null ? (
        <p className="k-helper" id={helperId}>
          <WarningIcon />
          <span>{helperText}</span>
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
