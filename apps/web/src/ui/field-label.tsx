import { InfoTooltip } from "./info-tooltip.tsx";

export interface FieldLabelProps {
  label: string;
  htmlFor: string;
  id?: string | undefined;
  tips?: readonly string[] | undefined;
}

/** A field's visible label (its accessible name) and, beside it, the info button with its tips. */
export function FieldLabel({ label, htmlFor, id, tips }: FieldLabelProps) {
  return (
    <div className="k-label-row">
      <label className="k-label" htmlFor={htmlFor} id={id}>
        {label}
      </label>
      {tips && tips.length > 0 ? <InfoTooltip label={label} tips={tips} /> : null}
    </div>
  );
}
