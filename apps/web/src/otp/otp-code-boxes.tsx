import { OTP_LENGTH } from "@kalinga/domain/constants";
import { fill } from "@kalinga/domain/localized-texts";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from "react";
import { useTexts } from "../ui/locale.ts";
import { OTP_TEXTS } from "./otp-texts.ts";

const POSITIONS = Array.from({ length: OTP_LENGTH }, (_, index) => `digit-${index + 1}`);

export type OtpCodeBoxesHandle = { focusFirst: () => void };

type Props = {
  digits: string[];
  onChange: (digits: string[]) => void;
  /** The group's name for screen readers, e.g. "One-time PIN". */
  legend: string;
  describedBy?: string | undefined;
  invalid: boolean;
  ref?: Ref<OtpCodeBoxesHandle>;
};

/** Six single-digit boxes: digits only, auto-advance, and a pasted or autofilled code fills them all. */
export function OtpCodeBoxes({ digits, onChange, legend, describedBy, invalid, ref }: Props) {
  const texts = useTexts(OTP_TEXTS);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) =>
    boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();
  useImperativeHandle(ref, () => ({ focusFirst: () => focus(0) }));

  const fillFrom = (index: number, text: string) => {
    const typed = text.replace(/\D/g, "");
    if (!typed) return;
    const next = [...digits];
    for (let i = 0; i < typed.length && index + i < OTP_LENGTH; i++)
      next[index + i] = typed[i] ?? "";
    onChange(next);
    focus(index + typed.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index]) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = "";
      onChange(next);
      focus(index - 1);
    } else if (event.key === "ArrowLeft") {
      focus(index - 1);
    } else if (event.key === "ArrowRight") {
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, event.clipboardData.getData("text"));
  };

  return (
    <fieldset className="k-otp-boxes" aria-describedby={describedBy}>
      <legend className="k-vh">{legend}</legend>
      {POSITIONS.map((position, index) => (
        <input
          key={position}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="k-otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={fill(texts.digit, { position: index + 1, of: OTP_LENGTH })}
          aria-invalid={invalid || undefined}
          value={digits[index] ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === "") {
              const next = [...digits];
              next[index] = "";
              onChange(next);
            } else {
              const held = digits[index];
              // A box that already held a digit receives two: keep the one just typed.
              const typed =
                value.length === 2 && held
                  ? value[0] === held
                    ? value.slice(1)
                    : value.slice(0, 1)
                  : value;
              fillFrom(index, typed);
            }
          }}
          onBeforeInput={(event) => {
            // Typed digits are taken here, before the box changes: retyping the digit a box already
            // holds changes nothing, so no change event would come and focus would not move on.
            const typed = event.data;
            if (!typed) return;
            event.preventDefault();
            fillFrom(index, typed);
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </fieldset>
  );
}
