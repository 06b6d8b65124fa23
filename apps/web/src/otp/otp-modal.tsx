import type { OtpSentResponse } from "@kalinga/domain/claim-api";
import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import {
  COUNTRY_CODE,
  OTP_COUNTDOWN_SECONDS,
  OTP_LENGTH,
  OTP_SEND_ATTEMPTS,
} from "@kalinga/domain/constants";
import { DEVICE_KEY_HEADER } from "@kalinga/domain/device-key";
import {
  DECIDED_MESSAGES,
  EXPIRED_OTP,
  OTP_ATTEMPTS_EXHAUSTED,
  OTP_ATTEMPTS_EXHAUSTED_BUTTON,
  otpGuessesLeft,
  WRONG_OTP,
} from "@kalinga/domain/messages";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { trackFieldError } from "../analytics/analytics.ts";
import { type CallerSession, type ClaimResponse, callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { offerDrafts, verify } from "../session/claim-verification.ts";
import * as trackingSession from "../session/tracking-session.ts";
import { useLocale, useMessage, useTexts } from "../ui/locale.ts";
import { Popup } from "../ui/popup.tsx";
import { adoptStyles } from "../ui/styles.ts";
import { useWidgetSetting } from "../widget/contexts.ts";
import { deviceKey } from "./device-key.ts";
import { MobileNumberField } from "./mobile-number-field.tsx";
import otpCss from "./otp.css?inline";
import type { OtpCodeBoxesHandle } from "./otp-code-boxes.tsx";
import { CodePane } from "./otp-code-pane.tsx";
import { OTP_TEXTS } from "./otp-texts.ts";
import { useCountdown } from "./use-countdown.ts";

adoptStyles(otpCss);

type Props = {
  mobileNumber: string;
  firstName: string;
  /** true once the number is verified; false when the claimant closes or runs out of attempts. */
  onClose: (verified: boolean) => void;
  /** Whose number it verifies: the claim being filed (Step 1), or a check of filed claims. */
  caller?: CallerSession;
};

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => "");

/** The one-time-PIN modal of the public channel: send a code to the mobile number, then enter it. */
export default function OtpModal({
  mobileNumber: startingNumber,
  firstName,
  onClose,
  caller = "claim",
}: Props) {
  const tracking = caller === "tracking";
  const { companyName } = useWidgetSetting();
  // Every OTP call names this browser, so the number's limits bind the device (decision 0062).
  const options = { caller, headers: { [DEVICE_KEY_HEADER]: deviceKey(companyName) } };
  const T = useTexts(OTP_TEXTS);
  const decided = useTexts(DECIDED_MESSAGES);
  const inLocale = useMessage();
  const { locale } = useLocale();
  const [pane, setPane] = useState<"mobile" | "code">("mobile");
  const [mobileNumber, setMobileNumber] = useState(startingNumber);
  const [mobileError, setMobileError] = useState<string>();
  const [digits, setDigits] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string>();
  // After a wrong code: how many more the server takes before the code locks.
  const [guessesLeftHint, setGuessesLeftHint] = useState<string>();
  const [sendsLeft, setSendsLeft] = useState(OTP_SEND_ATTEMPTS);
  const [resendAt, setResendAt] = useState(0);
  const [exhausted, setExhausted] = useState(false);
  const boxes = useRef<OtpCodeBoxesHandle>(null);
  const secondsLeft = useCountdown(resendAt);
  const titleId = useId();

  useEffect(() => {
    if (pane === "code") boxes.current?.focusFirst();
  }, [pane]);

  const afterSend = (response: ClaimResponse<OtpSentResponse>) => {
    if (response.ok) {
      setSendsLeft(response.data.sendsLeft ?? sendsLeft - 1);
      setResendAt(
        Date.now() + (response.data.resendAvailableInSeconds ?? OTP_COUNTDOWN_SECONDS) * 1000,
      );
      setDigits(emptyCode());
      setCodeError(undefined);
      setPane("code");
      boxes.current?.focusFirst();
    } else if (response.returnCode === RETURN_CODES.otpSendsExhausted) {
      setExhausted(true);
    } else {
      systemError.show();
    }
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    // The rule comes with the validation library, which the start step does not carry.
    const rules = await import("@kalinga/domain/otp").catch(() => null);
    if (rules === null) {
      systemError.show();
      return;
    }
    const checked = rules.otpMobileNumberSchema.safeParse(mobileNumber);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? "";
      setMobileError(message);
      trackFieldError("otp", "mobileNumber", message);
      return;
    }
    setMobileError(undefined);
    afterSend(
      tracking
        ? await callClaimApi(
            "requestTrackingOneTimePIN",
            { countryCode: COUNTRY_CODE, mobileNumber },
            undefined,
            options,
          )
        : await callClaimApi(
            "requestOneTimePIN",
            { countryCode: COUNTRY_CODE, mobileNumber, firstName },
            undefined,
            options,
          ),
    );
  };

  const resend = async () => {
    afterSend(await callClaimApi("resetOneTimePIN", {}, undefined, options));
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const oneTimePIN = digits.join("");
    if (oneTimePIN.length !== OTP_LENGTH) {
      setCodeError(DECIDED_MESSAGES.otpCodeIncomplete);
      return;
    }
    const response = await callClaimApi("validateOneTimePIN", { oneTimePIN }, undefined, options);
    setGuessesLeftHint(undefined);
    if (response.ok) {
      // A check's pass reads the claims filed with the number; the claim being filed is left alone.
      if (tracking) trackingSession.verifyCheck(mobileNumber, response.data.token);
      else {
        verify(mobileNumber, response.data.token);
        offerDrafts(response.data.drafts ?? []);
      }
      onClose(true);
      return;
    }
    const needsNewCode =
      response.returnCode === RETURN_CODES.expiredOtp ||
      response.returnCode === RETURN_CODES.otpLocked;
    const guessesLeft = response.data?.guessesLeft;
    // The last code's last try is gone and no code can be sent: the exhausted pop-up says so.
    const lastCodeSpent =
      needsNewCode || (response.returnCode === RETURN_CODES.wrongOtp && guessesLeft === 0);
    if (response.status === 417 && lastCodeSpent && sendsLeft <= 0) {
      setExhausted(true);
    } else if (response.status === 417 && response.returnCode === RETURN_CODES.wrongOtp) {
      setCodeError(WRONG_OTP);
      setGuessesLeftHint(
        typeof guessesLeft === "number" ? otpGuessesLeft(guessesLeft, decided, locale) : undefined,
      );
      trackFieldError("otp", "oneTimePIN", WRONG_OTP);
    } else if (response.status === 417 && response.returnCode === RETURN_CODES.expiredOtp) {
      setCodeError(EXPIRED_OTP);
      trackFieldError("otp", "oneTimePIN", EXPIRED_OTP);
    } else {
      systemError.show();
    }
  };

  if (exhausted) {
    return (
      <Popup
        // A pop-up of its own, not the OTP one with new content: it opens and takes the focus.
        key="exhausted"
        open
        type="normal"
        title={T.exhaustedTitle}
        closable={false}
        onClose={() => onClose(false)}
        // Exit closes the popup, whose onClose ends the attempt.
        containedButton={{ label: inLocale(OTP_ATTEMPTS_EXHAUSTED_BUTTON) }}
      >
        <p>{inLocale(OTP_ATTEMPTS_EXHAUSTED)}</p>
      </Popup>
    );
  }

  return (
    <Popup open type="container" title={T.title} onClose={() => onClose(false)}>
      {pane === "mobile" ? (
        <form className="k-otp-pane" noValidate onSubmit={sendCode} aria-labelledby={titleId}>
          <p id={titleId}>{T.sendIntro}</p>
          <MobileNumberField
            label={T.mobileNumber}
            name="otpMobileNumber"
            value={mobileNumber}
            onChange={setMobileNumber}
            error={mobileError}
          />
          <div className="k-actions">
            <button className="k-btn k-btn--contained" type="submit">
              {T.send}
            </button>
          </div>
        </form>
      ) : (
        <CodePane
          ref={boxes}
          mobileNumber={mobileNumber}
          digits={digits}
          onDigitsChange={(next) => {
            setDigits(next);
            setCodeError(undefined);
            setGuessesLeftHint(undefined);
          }}
          codeError={codeError}
          guessesLeftHint={guessesLeftHint}
          sendsLeft={sendsLeft}
          secondsLeft={secondsLeft}
          tip={tracking ? T.trackingTip : T.tip}
          onSubmit={submitCode}
          onResend={resend}
        />
      )}
    </Popup>
  );
}
