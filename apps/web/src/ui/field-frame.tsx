import type { ReactNode } from "react";
import { FieldError } from "./field-error.tsx";
import { FieldLabel, tipsIdOf } from "./field-label.tsx";

/** The id of a field's error message, for its aria-describedby. */
export const errorIdOf = (inputId: string) => `${inputId}-error`;

export type FieldFrameProps = {
  label: string;
  inputId: string;
  tips?: readonly string[] | undefined;
  error?: string | undefined;
  /** Greyed: the input is disabled or read-only. */
  muted?: boolean | undefined;
  className?: string | undefined;
  /** What sits in the bordered box: the input and its prefix or buttons. */
  control: ReactNode;
  /** What opens over the field, anchored to it (a list, a calendar). */
  popup?: ReactNode;
  /** A line under the box, above the error. */
  below?: ReactNode;
};

/** Every field's frame: its label and tips, the bordered box that shows invalid and muted, its error. */
export function FieldFrame({
  label,
  inputId,
  tips,
  error,
  muted,
  className,
  control,
  popup,
  below,
}: FieldFrameProps) {
  const box = (
    <div
      className="k-control"
      data-invalid={error ? "" : undefined}
      data-muted={muted ? "" : undefined}
    >
      {control}
    </div>
  );
  return (
    <div className={className ? `k-field ${className}` : "k-field"}>
      <FieldLabel label={label} tips={tips} tipsId={tipsIdOf(inputId, tips)} htmlFor={inputId} />
      {popup === undefined ? (
        box
      ) : (
        <div className="k-anchor">
          {box}
          {popup}
        </div>
      )}
      {below}
      <FieldError id={errorIdOf(inputId)} message={error} />
    </div>
  );
}
