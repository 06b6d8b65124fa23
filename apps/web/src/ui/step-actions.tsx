import { Link } from "./link.tsx";
import { useTexts } from "./locale.ts";
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
export function StepActions({ back, nextLabel, onNext, disabled }: StepActionsProps) {
  const texts = useTexts(UI_TEXTS);
  return (
    <div className="k-actions">
      {"href" in back ? (
        <a className="k-btn k-btn--outlined" href={back.href}>
          {texts.back}
        </a>
      ) : (
        // Marked as going back, so the step opens where the claimant left it.
        <Link className="k-btn k-btn--outlined" to={back.to} state={{ back: true }}>
          {texts.back}
        </Link>
      )}
      <button
        className="k-btn k-btn--contained"
        type={onNext ? "button" : "submit"}
        onClick={onNext}
        disabled={disabled}
      >
        {nextLabel ?? texts.next}
      </button>
    </div>
  );
}
