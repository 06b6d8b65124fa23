import type { Option } from "@kalinga/content/page-content";
import type { PortalPolicy } from "@kalinga/domain/agent-claims";
import type { PolicyDetailsResponse } from "@kalinga/domain/claim-api";
import { FIELD_LIMITS, MOBILE_PREFIX } from "@kalinga/domain/constants";
import { fromPayloadDate } from "@kalinga/domain/dates";
import { fill } from "@kalinga/domain/localized-texts";
import { FIELD_MESSAGES as M } from "@kalinga/domain/messages";
import { type PublicStartForm, toStep1 } from "@kalinga/domain/start-form";
import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { callClaimApi, callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { readClaimData, saveClaimData } from "../claim/claim-data-store.ts";
import {
  PolicyInformationSection,
  ResidenceFields,
  type StartFormParts,
} from "../claim/start-form-sections.tsx";
import { useStartForm } from "../claim/use-start-form.ts";
import * as claimSession from "../session/claim-session.ts";
import { verify } from "../session/claim-verification.ts";
import { useDates } from "../ui/dates.ts";
import { FieldError } from "../ui/field-error.tsx";
import { useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { SearchableDropdown } from "../ui/searchable-dropdown.tsx";
import { StepActions } from "../ui/step-actions.tsx";
import { adoptStyles } from "../ui/styles.ts";
import { TextField } from "../ui/text-field.tsx";
import { usePageContent, useWidgetSetting } from "../widget/contexts.ts";
import { readPortalUser } from "../widget/portal-user.ts";
import { PORTAL_TEXTS } from "./portal-texts.ts";

adoptStyles(screenTextCss);

type Looked = PolicyDetailsResponse & { policyNumber: string };

/**
 * /cfm, Step 1 on the member portal and agent assist (decision 0059): the policy comes from the
 * portal's user, its lookup fills the insured's and owner's details read-only, and the portal's
 * sign-in stands in for the OTP.
 */
export default function PortalStartScreen() {
  const T = useTexts(PORTAL_TEXTS);
  const setting = useWidgetSetting();
  const signedIn = setting.assertion ? readPortalUser(setting.assertion) !== null : false;
  // From a policy's page, or an agent's client's, the policy is given and read-only.
  const fixed = setting.policyNumber ?? null;
  const [listed, setListed] = useState<PortalPolicy[] | null>(null);
  useEffect(() => {
    if (fixed || !signedIn || setting.channel === "corporate-website") return;
    void callClaimApiOrShowError("listPortalPolicies", {}).then((answer) => {
      if (answer) setListed(answer.policies);
    });
  }, [fixed, signedIn, setting.channel]);

  if (setting.channel === "corporate-website") return <Navigate to="/cf" replace />;
  if (!signedIn) return <PortalNotice text={T.signInAgain} loginPage={setting.loginPage} />;
  if (fixed) return <PortalStartForm policies={[{ policyNumber: fixed, insuredName: "" }]} fixed />;
  if (listed === null) return <PortalNotice text={T.loadingPolicies} status />;
  if (listed.length === 0) return <PortalNotice text={T.noPolicies} />;
  return <PortalStartForm policies={listed} fixed={false} />;
}

/** The heading and one line: the list on its way, or why there is no form (and where to sign in). */
function PortalNotice({
  text,
  status = false,
  loginPage = null,
}: {
  text: string;
  status?: boolean;
  loginPage?: string | null;
}) {
  const T = useTexts(PORTAL_TEXTS);
  return (
    <section className="k-screen" aria-labelledby="k-cfm-title">
      <h2 id="k-cfm-title" className="k-screen-title">
        <span className="k-step">{T.step}</span> {T.title}
      </h2>
      {status ? (
        <p role="status">{text}</p>
      ) : (
        <p className="k-error" role="alert">
          {text}
        </p>
      )}
      {loginPage ? (
        <p>
          <a href={loginPage}>{T.signInLink}</a>
        </p>
      ) : null}
    </section>
  );
}

function PortalStartForm({ policies, fixed }: { policies: PortalPolicy[]; fixed: boolean }) {
  const T = useTexts(PORTAL_TEXTS);
  const setting = useWidgetSetting();
  const content = usePageContent();
  const navigate = useNavigate();
  const [looked, setLooked] = useState<Looked | null>(null);
  const [lookupError, setLookupError] = useState<string>();
  const [policyMissing, setPolicyMissing] = useState(false);
  const { policyOwnerDetails } = content.microsite.mainInfo;
  const owner = policyOwnerDetails.fields;
  const startForm = useStartForm(undefined, {
    onValid: (valid) => goOn(valid),
  });
  const { values, setValue, errors, onSubmit, formRef, described } = startForm;

  /** Section 2: choosing a policy starts the claim, then reads the policy into the form. */
  async function choose(policyNumber: string) {
    setLookupError(undefined);
    setPolicyMissing(false);
    setLooked(null);
    if (!(await claimSession.startClaim())) return;
    const answer = await callClaimApi("getPolicyDetails", { policyInformation: { policyNumber } });
    if (!answer.ok) {
      // Section 8: a returnCode other than "0" or missing data is not the claimant's to fix here.
      if (answer.status === 417 || answer.status === 401) {
        setLookupError(
          typeof answer.data?.message === "string" ? answer.data.message : T.signInAgain,
        );
      } else systemError.show();
      return;
    }
    const { insuredInformation: insured, policyOwnerInformation: policyOwner, token } = answer.data;
    // The portal's sign-in stands in for the OTP: the owner's number is the claim's verified one.
    verify(policyOwner.phoneNumber, token);
    setValue("firstName", insured.firstName);
    setValue("middleName", insured.middleName);
    setValue("noMiddleName", insured.middleName === "");
    setValue("lastName", insured.lastName);
    setValue("suffix", insured.suffix);
    setValue("dateOfBirth", fromPayloadDate(insured.dateOfBirth) ?? "");
    setValue("phoneNumber", policyOwner.phoneNumber);
    setValue("emailAddress", policyOwner.emailAddress);
    setLooked({ ...answer.data, policyNumber });
  }

  // A given policy is read at once; a chosen one when it is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the policy the page was opened with
  useEffect(() => {
    const only = policies[0];
    if (fixed && only) void choose(only.policyNumber);
  }, []);

  function goOn(valid: PublicStartForm) {
    if (!looked) return;
    claimSession.keepStep1({ ...toStep1(valid), policyNumber: looked.policyNumber });
    // Section 3: on agent assist the payload's number is the claim details', filled in from here.
    const reference = claimSession.reference();
    if (setting.channel === "agent-assist" && reference) {
      const { details } = readClaimData(reference);
      saveClaimData(reference, { details: { ...details, policyNumber: looked.policyNumber } });
    }
    navigate("/claims-details");
  }

  const options: Option[] = policies.map(({ policyNumber, insuredName }) => ({
    label: insuredName ? fill(T.policyOption, { policyNumber, insuredName }) : policyNumber,
    value: policyNumber,
  }));
  const chosen = options.find((option) => option.value === looked?.policyNumber) ?? null;

  return (
    <section className="k-screen" aria-labelledby="k-cfm-title">
      <h2 id="k-cfm-title" className="k-screen-title">
        <span className="k-step">{T.step}</span> {T.title}
      </h2>
      <p>{fixed ? T.agentIntro : T.intro}</p>
      <form
        ref={formRef}
        className="k-form"
        noValidate
        onSubmit={(event) => {
          if (looked) return onSubmit(event);
          // Nothing else can be checked before a policy is read: its message comes alone.
          event.preventDefault();
          setPolicyMissing(true);
          formRef.current?.querySelector<HTMLInputElement>('[name="policyNumber"]')?.focus();
        }}
      >
        <fieldset className="k-section">
          <legend className="k-section-title">{T.fromPolicyTitle}</legend>
          <SearchableDropdown
            name="policyNumber"
            label={T.policyNumber}
            placeholder={T.policyNumber}
            tips={fixed ? undefined : [T.policyNumberTip]}
            options={options}
            value={chosen}
            disabled={fixed}
            onChange={(option) => void choose(option.value)}
            error={lookupError ?? (policyMissing ? M.policyNumberRequired : undefined)}
          />
          {looked ? <PolicyFacts values={values} errors={errors} /> : null}
        </fieldset>

        {looked ? (
          <>
            <fieldset className="k-section">
              <legend className="k-section-title">{policyOwnerDetails.title}</legend>
              <TextField
                {...described("homeAddress", owner.homeAddress)}
                value={values.homeAddress ?? ""}
                onChange={(event) => setValue("homeAddress", event.currentTarget.value)}
                autoComplete="street-address"
                maxLength={FIELD_LIMITS.address}
              />
              <ResidenceFields {...startForm} />
            </fieldset>
            <PolicyInformationSection {...startForm} />
          </>
        ) : null}

        <StepActions back={{ href: "/" }} />
      </form>
    </section>
  );
}

/** What the policy's lookup read, read-only, each with the message if the domain's rules refuse it. */
function PolicyFacts({ values, errors }: Pick<StartFormParts, "values" | "errors">) {
  const T = useTexts(PORTAL_TEXTS);
  const { date } = useDates();
  const insuredName = [values.firstName, values.middleName, values.lastName, values.suffix]
    .filter(Boolean)
    .join(" ");
  return (
    <dl className="k-facts" data-testid="policy-details">
      <div>
        <dt>{T.insuredName}</dt>
        <dd>
          {insuredName}
          <FieldError
            id="k-cfm-name-error"
            message={errors.firstName ?? errors.middleName ?? errors.lastName ?? errors.suffix}
          />
        </dd>
      </div>
      <div>
        <dt>{T.dateOfBirth}</dt>
        <dd>
          {values.dateOfBirth ? date(values.dateOfBirth) : ""}
          <FieldError id="k-cfm-dob-error" message={errors.dateOfBirth} />
        </dd>
      </div>
      <div>
        <dt>{T.mobileNumber}</dt>
        <dd>
          {MOBILE_PREFIX} {values.phoneNumber}
          <FieldError id="k-cfm-mobile-error" message={errors.phoneNumber} />
        </dd>
      </div>
      <div>
        <dt>{T.emailAddress}</dt>
        <dd>
          {values.emailAddress}
          <FieldError id="k-cfm-email-error" message={errors.emailAddress} />
        </dd>
      </div>
    </dl>
  );
}
