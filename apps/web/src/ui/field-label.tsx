import { InfoTooltip } from "./info-tooltip.tsx";

export interface FieldLabelProps {
  label: string;
  htmlFor: string;
  id?: string | undefined;
  tips?: readonly string[] | undefined;
  /** The tips bubble's id, which the field lists in its aria-describedby (see tipsIdOf). */
  tipsId?: string | undefined;
}

/** The id of a field's tips, for its aria-describedby; undefined when it has none. */
export function tipsIdOf(fieldId: string, tips: readonly string[] | undefined): string | undefined {
  return tips && tips.length > 0 ? `${fieldId}-tips` : undefined;
}

/** A field's visible label (its accessible name) and, beside it, the info button with its tips. */
export function FieldLabel({ label, htmlFor, id, tips, tipsId }: FieldLabelProps) {
  return (
    <div className="k-label-row">
      <label className="k-label" htmlFor={htmlFor} id={id}>
        {label}
      </label>
      {tips && tips.length > 0 ? <InfoTooltip label={label} tips={tips} id={tipsId} /> : null}
    </div>
  );
}
