import { Link } from "react-router";
import { UI_TEXTS } from "./ui-texts.ts";

export type StepActionsProps = {
  /** Where Back goes: the step before, which keeps what was entered. */
  backTo: string;
  nextLabel?: string;
  /** Without it, Next submits the form it sits in. */
  onNext?: () => void;
  disabled?: boolean;
};

/** The Back link and the Next button at the foot of every claim step. */
export function StepActions({
  backTo,
  nextLabel = UI_TEXTS.next,
  onNext,
  disabled,
}: StepActionsProps) {
  return (
    <div className="k-actions">
      {/* Marked as going back, so the step opens where the claimant left it. */}
      <Link className="k-btn k-btn--outlined" to={backTo} state={{ back: true }}>
        {UI_TEXTS.back}
      </Link>
      <button
        className="k-btn k-btn--contained"
        type={onNext ? "button" : "submit"}
        onClick={onNext}
        disabled={disabled}
      >
        {nextLabel}
      </button>
    </div>
  );
}
