import type { FieldContent } from "@kalinga/content/page-content";
import { FIELD_LIMITS, MOBILE_PREFIX } from "@kalinga/domain/constants";
import { todayInManila } from "@kalinga/domain/dates";
import { keepMobileDigits } from "@kalinga/domain/mobile-digits";
import type { PublicStartForm, PublicStartFormDraft } from "@kalinga/domain/start-form";
import { toStep1 } from "@kalinga/domain/start-form-values";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { trackFieldError } from "../analytics/analytics.ts";
import { useNextRoute } from "../claim/back-to-review.ts";
import { PolicyInformationSection, ResidenceFields } from "../claim/start-form-sections.tsx";
import { useStartForm } from "../claim/use-start-form.ts";
import type { FieldErrors } from "../forms/use-submit-only-form.ts";
import * as claimSession from "../session/claim-session.ts";
import { Checkbox } from "../ui/checkbox.tsx";
import { DateField } from "../ui/date-field.tsx";
import { EmailSuggestion } from "../ui/email-suggestion.tsx";
import { Link } from "../ui/link.tsx";
import { DATE_OF_BIRTH_OPENS_YEARS_BACK, yearsBeforeToday } from "../ui/local-date.ts";
import { useTexts } from "../ui/locale.ts";
import { StepActions } from "../ui/step-actions.tsx";
import { TextField } from "../ui/text-field.tsx";
import { usePageContent, useWidgetSetting } from "../widget/contexts.ts";
import { ReminderPopup } from "./reminder-popup.tsx";
import { START_TEXTS } from "./start-texts.ts";
import { useNoticeOpen } from "./unavailable-notice.tsx";

const loadOtpModal = () => import("../otp/otp-modal.tsx");
const OtpModal = lazy(loadOtpModal);

/** Step 1 of 4 on the corporate website: who is insured, who owns the policy, which kind. */
export function StartScreen() {
  const texts = useTexts(START_TEXTS);
  const setting = useWidgetSetting();
  const content = usePageContent();
  const navigate = useNavigate();
  const nextRoute = useNextRoute("/claims-details");
  const [otpOpen, setOtpOpen] = useState(false);
  // One modal at a time: the reminder waits until the notice is closed.
  const noticeOpen = useNoticeOpen();
  const { insuredInformation, policyOwnerDetails } = content.microsite.mainInfo;
  const insured = insuredInformation.fields;
  const owner = policyOwnerDetails.fields;

  // Coming back to the start form after a submit begins another claim: the submitted one's token,
  // pass and Step 1 go first, so nothing of it fills the form or rides on the next claim's calls.
  const [savedStep1] = useState(() => {
    claimSession.endSubmittedClaim();
    return claimSession.step1() as Partial<PublicStartFormDraft> | undefined;
  });
  const startForm = useStartForm(savedStep1, {
    onValid: (valid) => startClaim(valid),
    onInvalid: reportErrors,
  });
  const { values, setValue, errors, onSubmit, formRef, described } = startForm;
  // A fix for a misspelt e-mail domain is offered once the claimant has left the field.
  const [emailLeft, setEmailLeft] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  // The OTP modal is needed only after Next: fetch it once the claimant types (or at once when a
  // saved Step 1 may be sent as it is), not before the page is drawn.
  const firstValues = useRef(values);
  useEffect(() => {
    if (savedStep1 !== undefined || values !== firstValues.current) void loadOtpModal();
  }, [savedStep1, values]);

  if (setting.channel !== "corporate-website") return <Navigate to="/cfm" replace />;

  async function startClaim(valid: PublicStartForm) {
    const step1 = toStep1(valid);
    // A number verified for this claim lets the claimant skip the OTP on a second Next.
    if (claimSession.isVerified(step1.phoneNumber)) {
      claimSession.keepStep1(step1);
      navigate(nextRoute);
      return;
    }
    if (await claimSession.startClaim(step1)) setOtpOpen(true);
  }

  function reportErrors(found: FieldErrors<PublicStartFormDraft>) {
    for (const [field, message] of Object.entries(found)) {
      if (message) trackFieldError("start", field, String(message));
    }
  }

  /** A text field's props: described(), its value and its setter. */
  const text = (
    field:
      | "firstName"
      | "middleName"
      | "lastName"
      | "suffix"
      | "emailAddress"
      | "homeAddress"
      | "companyOther",
    fieldContent: FieldContent,
  ) => ({
    ...described(field, fieldContent),
    value: values[field] ?? "",
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      setValue(field, event.currentTarget.value),
  });

  return (
    <section className="k-screen" aria-labelledby="k-start-title">
      <h2 id="k-start-title" className="k-screen-title">
        <span className="k-step">{texts.step}</span> {texts.title}
      </h2>
      {noticeOpen ? null : <ReminderPopup />}
      <form ref={formRef} className="k-form" noValidate onSubmit={onSubmit}>
        <fieldset className="k-section">
          <legend className="k-section-title">{insuredInformation.title}</legend>
          <TextField {...text("firstName", insured.firstName)} autoComplete="given-name" />
          <TextField
            {...text("middleName", insured.middleName)}
            value={values.noMiddleName ? "" : (values.middleName ?? "")}
            error={values.noMiddleName ? undefined : errors.middleName}
            disabled={values.noMiddleName === true}
            autoComplete="additional-name"
          />
          <Checkbox
            className="k-check--under-field"
            label={insured.noMiddleName.label}
            name="noMiddleName"
            checked={values.noMiddleName === true}
            onChange={(event) => setValue("noMiddleName", event.currentTarget.checked)}
          />
          <TextField {...text("lastName", insured.lastName)} autoComplete="family-name" />
          <TextField
            {...text("suffix", insured.suffix)}
            // Section 5 limits the suffix as it is typed; longer text elsewhere is refused on Next.
            maxLength={FIELD_LIMITS.suffix}
            autoComplete="honorific-suffix"
          />
          <DateField
            {...described("dateOfBirth", insured.dateOfBirth)}
            value={values.dateOfBirth ?? ""}
            onChange={(value) => setValue("dateOfBirth", value)}
            max={todayInManila()}
            openOn={yearsBeforeToday(DATE_OF_BIRTH_OPENS_YEARS_BACK)}
          />
        </fieldset>

        <fieldset className="k-section">
          <legend className="k-section-title">{policyOwnerDetails.title}</legend>
          <TextField
            {...described("phoneNumber", owner.phoneNumber)}
            value={values.phoneNumber ?? ""}
            onChange={(event) =>
              setValue("phoneNumber", keepMobileDigits(event.currentTarget.value))
            }
            prefix={MOBILE_PREFIX}
            inputMode="numeric"
            autoComplete="tel-national"
            notAllowBlank
          />
          <div>
            <TextField
              {...text("emailAddress", owner.emailAddress)}
              ref={emailRef}
              onBlur={() => setEmailLeft(true)}
              type="email"
              autoComplete="email"
              notAllowBlank
            />
            <EmailSuggestion
              address={values.emailAddress ?? ""}
              shown={emailLeft}
              text={content.emailSuggestion}
              onAccept={(fixed) => {
                setValue("emailAddress", fixed);
                emailRef.current?.focus();
              }}
            />
          </div>
          <TextField {...text("homeAddress", owner.homeAddress)} autoComplete="street-address" />
          <ResidenceFields {...startForm} />
        </fieldset>

        <PolicyInformationSection {...startForm} />

        <StepActions back={{ href: "/" }} />
        <p className="k-aside">
          <Link to="/claim-guide">{texts.claimGuide}</Link>
        </p>
        <p className="k-aside">
          <Link to="/claims-tracking">{texts.checkStatus}</Link>
        </p>
      </form>
      {otpOpen ? (
        <Suspense fallback={null}>
          <OtpModal
            mobileNumber={values.phoneNumber ?? ""}
            firstName={values.firstName ?? ""}
            onClose={(verified) => {
              setOtpOpen(false);
              // Open drafts of the number are offered before a new claim goes on (decision 0044).
              if (verified) {
                navigate(
                  claimSession.draftsOffered().length ? "/continue-claim" : "/claims-details",
                );
              }
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
