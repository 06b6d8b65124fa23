import { Link } from "./link.tsx";
import { UI_TEXTS } from "./ui-texts.ts";

export type StepActionsProps = {
  /** Where Back goes: the step before, which keeps what was entered; or, from the first step, a page. */
  back: { to: string } | { href: string };
  nextLabel?: string;
  /** Without it, Next submits the form it sits in. */
  onNext?: () => void;
  disabled?: boolean;
};

/** The Back link and the Next button at the foot of every claim step. */
export function StepActions({
  back,
  nextLabel = UI_TEXTS.next,
  onNext,
  disabled,
}: StepActionsProps) {
  return (
    <div className="k-actions">
      {"href" in back ? (
        <a className="k-btn k-btn--outlined" href={back.href}>
          {UI_TEXTS.back}
        </a>
      ) : (
        // Marked as going back, so the step opens where the claimant left it.
        <Link className="k-btn k-btn--outlined" to={back.to} state={{ back: true }}>
          {UI_TEXTS.back}
        </Link>
      )}
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
