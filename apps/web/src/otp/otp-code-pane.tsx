import { MOBILE_PREFIX, OTP_LENGTH } from "@kalinga/domain/constants";
import { fill } from "@kalinga/domain/localized-texts";
import { DECIDED_MESSAGES } from "@kalinga/domain/messages";
import { type FormEvent, type Ref, useId } from "react";
import { FieldError } from "../ui/field-error.tsx";
import { useTexts } from "../ui/locale.ts";
import { OtpCodeBoxes, type OtpCodeBoxesHandle } from "./otp-code-boxes.tsx";
import { OTP_TEXTS } from "./otp-texts.ts";
import { formatCountdown } from "./use-countdown.ts";

type Props = {
  ref: Ref<OtpCodeBoxesHandle>;
  mobileNumber: string;
  digits: string[];
  onDigitsChange: (digits: string[]) => void;
  codeError: string | undefined;
  /** After a wrong code: how many more the server takes before the code locks. */
  guessesLeftHint: string | undefined;
  sendsLeft: number;
  secondsLeft: number;
  tip: string;
  onSubmit: (event: FormEvent) => void;
  onResend: () => void;
};

/** The OTP modal's second pane: the code's boxes, Submit, and when a new code can be asked for. */
export function CodePane({
  ref,
  mobileNumber,
  digits,
  onDigitsChange,
  codeError,
  guessesLeftHint,
  sendsLeft,
  secondsLeft,
  tip,
  onSubmit,
  onResend,
}: Props) {
  const T = useTexts(OTP_TEXTS);
  const decided = useTexts(DECIDED_MESSAGES);
  const codeLabelId = useId();
  const codeErrorId = useId();
  const guessesLeftId = useId();
  return (
    <form className="k-otp-pane" noValidate onSubmit={onSubmit}>
      <p id={codeLabelId}>{fill(T.codeIntro, { prefix: MOBILE_PREFIX, mobileNumber })}</p>
      <OtpCodeBoxes
        ref={ref}
        digits={digits}
        onChange={onDigitsChange}
        legend={T.codeLegend}
        describedBy={
          codeError
            ? [codeErrorId, guessesLeftHint && guessesLeftId].filter(Boolean).join(" ")
            : undefined
        }
        invalid={!!codeError}
      />
      <FieldError id={codeErrorId} message={codeError} />
      {codeError && guessesLeftHint ? (
        <p className="k-helper" id={guessesLeftId}>
          {guessesLeftHint}
        </p>
      ) : null}
      <div className="k-actions">
        <button
          className="k-btn k-btn--contained"
          type="submit"
          disabled={digits.join("").length !== OTP_LENGTH}
        >
          {T.submit}
        </button>
      </div>
      <p className="k-otp-countdown" aria-live="off">
        {sendsLeft <= 0
          ? decided.otpNoMoreSends
          : secondsLeft > 0
            ? fill(T.resendIn, { countdown: formatCountdown(secondsLeft) })
            : T.resendNow}
      </p>
      <button
        className="k-btn k-btn--text"
        type="button"
        // At 0 nothing more can be sent: the pop-up comes if the last code expires or locks.
        disabled={secondsLeft > 0 || sendsLeft <= 0}
        onClick={onResend}
      >
        {fill(T.resend, { sendsLeft })}
      </button>
      <p className="k-otp-tip">{tip}</p>
    </form>
  );
}
