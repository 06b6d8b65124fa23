import { fill } from "@kalinga/domain/localized-texts";
import { useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { useTexts } from "./locale.ts";
import { UI_TEXTS } from "./ui-texts.ts";
import { useDismiss } from "./use-dismiss.ts";

export interface InfoTooltipProps {
  /** The field's visible label; the button is named "More about {label}". */
  label: string;
  tips: readonly string[];
  /** Overrides the button's accessible name, e.g. for another language. */
  buttonLabel?: string;
  /** The bubble's id, for the field's aria-describedby: the tips are the field's description. */
  id?: string | undefined;
}

const EDGE_PX = 8;

/**
 * An info button that shows the field's tips as bullets; Escape or a press elsewhere closes it.
 * The button is out of the tab order (decision 0041): the field names the bubble in its
 * aria-describedby, so keyboard and screen-reader users hear the tips on the field itself, hidden
 * or not, and the button stays for a press or a tap.
 */
export function InfoTooltip({ label, tips, buttonLabel, id }: InfoTooltipProps) {
  const texts = useTexts(UI_TEXTS);
  const [open, setOpen] = useState(false);
  const autoId = useId();
  const bubbleId = id ?? autoId;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);

  const dismiss = useCallback((reason: "escape" | "outside") => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(open, [buttonRef, bubbleRef], dismiss);

  // Keep the bubble on screen: shift it left when it would overflow the right edge.
  useLayoutEffect(() => {
    const bubble = bubbleRef.current;
    if (!open || !bubble) return;
    bubble.style.translate = "";
    const { left, right } = bubble.getBoundingClientRect();
    const overflow = right - (document.documentElement.clientWidth - EDGE_PX);
    const shift = Math.max(0, Math.min(overflow, left - EDGE_PX));
    if (shift > 0) bubble.style.translate = `${-shift}px`;
  }, [open]);

  if (tips.length === 0) return null;
  return (
    <span className="k-tip">
      <button
        ref={buttonRef}
        type="button"
        className="k-icon-btn k-tip__button"
        tabIndex={-1}
        aria-label={buttonLabel ?? fill(texts.moreAbout, { label })}
        aria-expanded={open}
        aria-controls={bubbleId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm-1-11h2V7h-2v2Zm0 8h2v-6h-2v6Z"
          />
        </svg>
      </button>
      <div ref={bubbleRef} id={bubbleId} className="k-tip__bubble" hidden={!open}>
        <ul>
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
    </span>
  );
}
