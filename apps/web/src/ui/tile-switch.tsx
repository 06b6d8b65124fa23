import { type Ref, useId } from "react";
import { describedBy } from "./describedby.ts";
import { FieldError } from "./field-error.tsx";
import { InfoTooltip } from "./info-tooltip.tsx";

interface TileOption {
  label: string;
  value: string;
}

export interface TileSwitchProps {
  /** The question the tiles answer, shown as the fieldset's legend: the group's accessible name. */
  legend: string;
  options: readonly TileOption[];
  value: string | null;
  /** Called only when the choice changes. */
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  error?: string | undefined;
  tips?: readonly string[] | undefined;
  disabled?: boolean | undefined;
  /** Given to the chosen tile's radio (or the first), so a form can focus the group. */
  ref?: Ref<HTMLInputElement> | undefined;
}

/** Two or more choices as tiles: a native radio group, so arrow keys move the choice. */
export function TileSwitch({
  legend,
  options,
  value,
  onChange,
  onBlur,
  name,
  error,
  tips,
  disabled,
  ref,
}: TileSwitchProps) {
  const autoId = useId();
  const groupName = name ?? autoId;
  const errorId = `${autoId}-error`;
  const tipsId = tips && tips.length > 0 ? `${autoId}-tips` : undefined;
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );

  return (
    <fieldset
      className="k-field k-tiles"
      disabled={disabled}
      aria-describedby={describedBy(error && errorId)}
      data-invalid={error ? "" : undefined}
    >
      {/* The legend must be the fieldset's first child to name the group; it floats to sit
          in a row with the info button. */}
      <legend className="k-label k-tiles__legend">{legend}</legend>
      {tips && tips.length > 0 ? <InfoTooltip label={legend} tips={tips} id={tipsId} /> : null}
      <div className="k-tiles__row">
        {options.map((option, index) => (
          <label key={option.value} className="k-tile">
            <input
              ref={index === focusIndex ? ref : undefined}
              className="k-tile__input"
              type="radio"
              name={groupName}
              value={option.value}
              checked={option.value === value}
              aria-invalid={error ? true : undefined}
              // The tips describe each radio, as focus lands on a radio, not on the group.
              aria-describedby={tipsId}
              onChange={() => {
                if (!disabled && option.value !== value) onChange(option.value);
              }}
              onBlur={onBlur}
            />
            <span className="k-tile__text">{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
