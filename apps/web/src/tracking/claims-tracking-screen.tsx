import { readWebReference } from "@kalinga/domain/web-reference-number";
import { type FormEvent, lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { trackFieldError } from "../analytics/analytics.ts";
import { callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { MobileNumberField } from "../otp/mobile-number-field.tsx";
import * as trackingSession from "../session/tracking-session.ts";
import { AsideLink } from "../ui/screen-links.tsx";
import { TextField } from "../ui/text-field.tsx";
import { TitledScreen } from "../ui/titled-screen.tsx";
import { useWidgetSetting } from "../widget/contexts.ts";
import { useTrackingTexts } from "./tracking-words.ts";

const OtpModal = lazy(() => import("../otp/otp-modal.tsx"));

/**
 * /claims-tracking: the number the claim was filed with (and, if the claimant has it, the claim's
 * reference), proved with the start step's OTP modal, rules and limits (decision 0056).
 */
export default function ClaimsTrackingScreen() {
  const setting = useWidgetSetting();
  // The member portal and agent assist know their user: no number, no OTP (decision 0059).
  return setting.channel !== "corporate-website" && setting.assertion ? (
    <PortalTracking />
  ) : (
    <NumberTracking />
  );
}

/** On the logged-in channels the portal's sign-in opens the user's claims at once. */
function PortalTracking() {
  const T = useTrackingTexts();
  const navigate = useNavigate();
  useEffect(() => {
    void callClaimApiOrShowError("initClaimTracking", {}).then((started) => {
      if (!started?.verified) return;
      trackingSession.beginCheck(started, "", true);
      trackingSession.trackClaim(null);
      navigate("/your-claim-tracking", { replace: true });
    });
  }, [navigate]);
  return (
    <TitledScreen id="k-tracking-title" title={T.checkTitle}>
      <p role="status">{T.portalOpening}</p>
    </TitledScreen>
  );
}

function NumberTracking() {
  const T = useTrackingTexts();
  const navigate = useNavigate();
  const [mobileNumber, setMobileNumber] = useState(
    () => trackingSession.trackingCheck()?.mobileNumber ?? "",
  );
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ mobileNumber?: string; reference?: string }>({});
  const [otpOpen, setOtpOpen] = useState(false);

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React clears currentTarget once the handler yields: keep the form for the focus below.
    const form = event.currentTarget;
    // The rule comes with the validation library, fetched on the first check.
    const rules = await import("@kalinga/domain/otp").catch(() => null);
    if (rules === null) {
      systemError.show();
      return;
    }
    const number = rules.otpMobileNumberSchema.safeParse(mobileNumber);
    const typedReference = reference.trim();
    const readReference = typedReference ? readWebReference(typedReference) : null;
    const found = {
      mobileNumber: number.success ? undefined : number.error.issues[0]?.message,
      reference: typedReference && !readReference ? T.badReference : undefined,
    };
    setErrors(found);
    for (const [field, message] of Object.entries(found)) {
      if (message) trackFieldError("tracking", field, message);
    }
    if (found.mobileNumber || found.reference) {
      const firstInvalid = found.mobileNumber ? "trackingMobileNumber" : "trackingReference";
      form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    // A new check each time: an earlier one (another number) never answers for this one.
    trackingSession.endCheck();
    trackingSession.trackClaim(readReference);
    const started = await callClaimApiOrShowError("initClaimTracking", {});
    if (!started) return;
    trackingSession.beginCheck(started, mobileNumber, false);
    setOtpOpen(true);
  };

  return (
    <TitledScreen id="k-tracking-title" title={T.checkTitle}>
      <p>{T.checkIntro}</p>
      <form className="k-form" noValidate onSubmit={check}>
        <MobileNumberField
          label={T.mobileNumber}
          name="trackingMobileNumber"
          value={mobileNumber}
          onChange={setMobileNumber}
          error={errors.mobileNumber}
        />
        <TextField
          label={T.referenceNumber}
          name="trackingReference"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          tips={[T.referenceTip]}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={errors.reference}
        />
        <div className="k-actions">
          <button className="k-btn k-btn--contained" type="submit">
            {T.checkButton}
          </button>
        </div>
        <AsideLink to="/cf">{T.fileClaim}</AsideLink>
      </form>
      {otpOpen ? (
        <Suspense fallback={null}>
          <OtpModal
            caller="tracking"
            mobileNumber={mobileNumber}
            firstName=""
            onClose={(verified) => {
              setOtpOpen(false);
              if (!verified) return;
              navigate(trackingSession.trackedClaim() ? "/status-details" : "/your-claim-tracking");
            }}
          />
        </Suspense>
      ) : null}
    </TitledScreen>
  );
}
