import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { Controller, useForm } from "react-hook-form";
import { Checkbox } from "../src/ui/checkbox.tsx";
import { DateField } from "../src/ui/date-field.tsx";
import { InfoTooltip } from "../src/ui/info-tooltip.tsx";
import { LOADING_CLOSE_EVENT, LOADING_OPEN_EVENT, loading } from "../src/ui/loading.ts";
import { LoadingOverlay } from "../src/ui/loading-overlay.tsx";
import { Popup } from "../src/ui/popup.tsx";
import { type DropdownOption, SearchableDropdown } from "../src/ui/searchable-dropdown.tsx";
import { adoptStyles, registerWidgetRoot } from "../src/ui/styles.ts";
import { TextField } from "../src/ui/text-field.tsx";
import { TileSwitch } from "../src/ui/tile-switch.tsx";
import uiCss from "../src/ui/ui.css?inline";
import { WidgetRootContext } from "../src/ui/widget-root.tsx";
import { countryOptions } from "./country-options.ts";
import galleryCss from "./gallery.css?inline";

// Dev page only: every shared widget in each of its states, mounted the way the widget mounts.

const countries = countryOptions();
const philippines = countries.find((option) => option.value === "PH") ?? null;
const tips = [
  "Enter the name as it appears on your valid ID.",
  "Letters, numbers and spaces only.",
];
const policyTypes = [
  { label: "Individual", value: "Individual" },
  { label: "Corporate", value: "Corporate" },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="g-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

interface DemoForm {
  firstName: string;
  dateOfBirth: string;
  country: DropdownOption | null;
  policyType: string;
  agree: boolean;
}

function FormDemo() {
  const { register, control, handleSubmit, formState } = useForm<DemoForm>({
    defaultValues: { firstName: "", dateOfBirth: "", country: null, policyType: "", agree: false },
  });
  const [submitted, setSubmitted] = useState("");
  const { errors } = formState;
  return (
    <form noValidate onSubmit={handleSubmit((values) => setSubmitted(JSON.stringify(values)))}>
      <TextField
        {...register("firstName", { required: "Please provide First Name" })}
        label="First name (register)"
        error={errors.firstName?.message}
      />
      <Controller
        control={control}
        name="dateOfBirth"
        rules={{ required: "Please provide Date Of Birth" }}
        render={({ field }) => (
          <DateField
            {...field}
            label="Date of birth (Controller)"
            max={new Date().toISOString().slice(0, 10)}
            error={errors.dateOfBirth?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="country"
        rules={{ required: "Please provide Country of citizenship" }}
        render={({ field }) => (
          <SearchableDropdown
            {...field}
            label="Country of citizenship (Controller)"
            options={countries}
            error={errors.country?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="policyType"
        rules={{ required: "Please provide Type of policies" }}
        render={({ field }) => (
          <TileSwitch
            {...field}
            legend="Type of policy (Controller)"
            options={policyTypes}
            error={errors.policyType?.message}
          />
        )}
      />
      <Checkbox
        {...register("agree", { required: "Please agree to proceed." })}
        label="I agree (register)"
        error={errors.agree?.message}
      />
      <button type="submit" className="k-btn k-btn--contained">
        Submit
      </button>
      <output className="g-output">{submitted}</output>
    </form>
  );
}

function Gallery() {
  const [mobile, setMobile] = useState("");
  const [email, setEmail] = useState("");
  const [dob, setDob] = useState("1980-03-05");
  const [emptyDate, setEmptyDate] = useState("");
  const [country, setCountry] = useState<DropdownOption | null>(philippines);
  const [countryChanges, setCountryChanges] = useState(0);
  const [residence, setResidence] = useState<DropdownOption | null>(null);
  const [policyType, setPolicyType] = useState("Individual");
  const [channel, setChannel] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [clicks, setClicks] = useState(0);
  const [popup, setPopup] = useState<null | "normal" | "container" | "remind" | "locked">(
    () => new URLSearchParams(window.location.search).get("popup") as null,
  );
  const [popupLog, setPopupLog] = useState("");
  const [ownerShowsPopup, setOwnerShowsPopup] = useState(false);
  const logPopup = (what: string) => setPopupLog((log) => `${log} ${what}`.trim());
  const closePopup = (how: string) => () => {
    setPopup(null);
    logPopup(how);
  };

  return (
    <div className="g-page">
      <h1>Shared widgets</h1>

      <Section title="Text field">
        <TextField label="First name" tips={tips} placeholder="Juan" maxLength={30} />
        <TextField
          label="Mobile number"
          prefix="+63"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          notAllowBlank
          value={mobile}
          onChange={(event) => setMobile(event.currentTarget.value.replace(/\D/g, ""))}
          tips={["10 digits, without the leading 0."]}
        />
        <TextField
          label="Email address"
          type="email"
          notAllowBlank
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error="Please provide a correct Email Address"
        />
        <TextField label="Last name" error="Please provide Last Name" />
        <TextField label="Policy number" value="1234567890" disabled readOnly />
      </Section>

      <Section title="Info tooltip">
        <div>
          Standalone: <InfoTooltip label="Claim guide" tips={["First tip.", "Second tip."]} />
        </div>
      </Section>

      <Section title="Date field">
        <DateField
          label="Date of birth"
          value={dob}
          onChange={setDob}
          max={new Date().toISOString().slice(0, 10)}
          tips={["You can type it, e.g. 05 Mar 1980."]}
        />
        <output className="g-output">value: {JSON.stringify(dob)}</output>
        <DateField label="Date of loss" value={emptyDate} onChange={setEmptyDate} />
        <DateField
          label="Date with error"
          value=""
          onChange={() => {}}
          error="Please provide Date Of Birth"
        />
        <DateField label="Disabled date" value="2001-01-01" onChange={() => {}} disabled />
        <DateField label="Read-only date" value="1975-12-25" onChange={() => {}} readOnly />
      </Section>

      <Section title="Searchable dropdown">
        <SearchableDropdown
          label="Country of citizenship"
          options={countries}
          value={country}
          onChange={(option) => {
            setCountry(option);
            setCountryChanges((n) => n + 1);
          }}
          tips={["The country of your passport."]}
        />
        <output className="g-output">
          value: {JSON.stringify(country)}, changes: {countryChanges}
        </output>
        <button type="button" className="k-btn k-btn--outlined" onClick={() => setCountry(null)}>
          Reset citizenship from outside
        </button>
        <SearchableDropdown
          label="Country of residence"
          options={countries}
          value={residence}
          onChange={setResidence}
          placeholder="Select"
          error="Please provide owner's country of residence"
        />
        <SearchableDropdown
          label="Disabled dropdown"
          options={countries}
          value={philippines}
          onChange={() => {}}
          disabled
        />
        <SearchableDropdown
          label="Disabled, no options"
          options={[]}
          value={null}
          onChange={() => {}}
          disabled
        />
        <SearchableDropdown label="No options" options={[]} value={null} onChange={() => {}} />
        <p className="g-note">(A dropdown without options, not disabled, renders nothing above.)</p>
      </Section>

      <Section title="Tile switch">
        <TileSwitch
          legend="Type of policy"
          options={policyTypes}
          value={policyType}
          onChange={setPolicyType}
          tips={["Corporate: the policy is owned by a company."]}
        />
        <TileSwitch
          legend="How did you hear of us?"
          options={[
            { label: "Agent", value: "agent" },
            { label: "Website", value: "web" },
            { label: "Branch", value: "branch" },
          ]}
          value={channel}
          onChange={setChannel}
          error="Please choose one"
        />
        <TileSwitch
          legend="Disabled"
          options={policyTypes}
          value="Corporate"
          onChange={() => {}}
          disabled
        />
      </Section>

      <Section title="Checkbox">
        <Checkbox
          label="I agree to the terms"
          checked={agreed}
          onChange={(event) => setAgreed(event.currentTarget.checked)}
          onClickReport={() => setClicks((n) => n + 1)}
        />
        <output className="g-output">clicks reported: {clicks}</output>
        <Checkbox
          label={
            <>
              I have read the <a href="#privacy">privacy notice</a>
            </>
          }
          helperText="You must agree before you can proceed."
        />
        <Checkbox
          label="I consent to the transfer of my data"
          error="Please make sure to agree on the terms and conditions in order to proceed."
        />
        <Checkbox label="Disabled" disabled defaultChecked />
      </Section>

      <Section title="Loading overlay">
        <button
          type="button"
          className="k-btn k-btn--outlined"
          onClick={() => {
            loading.begin();
            setTimeout(() => loading.end(), 2000);
          }}
        >
          Request for 2 s
        </button>{" "}
        <button
          type="button"
          className="k-btn k-btn--outlined"
          onClick={() => {
            window.dispatchEvent(new Event(LOADING_OPEN_EVENT));
            setTimeout(() => window.dispatchEvent(new Event(LOADING_CLOSE_EVENT)), 2000);
          }}
        >
          Open by event for 2 s
        </button>
      </Section>

      <Section title="Popup">
        <div className="g-row">
          {(["normal", "container", "remind", "locked"] as const).map((type) => (
            <button
              key={type}
              type="button"
              className="k-btn k-btn--outlined"
              onClick={() => setPopup(type)}
            >
              Open {type}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="k-btn k-btn--outlined"
          onClick={() => setOwnerShowsPopup(true)}
        >
          Render a popup
        </button>
        <output className="g-output">last close: {popupLog}</output>
        {ownerShowsPopup ? (
          <Popup open title="Rendered while needed" closable={false}>
            <p>Its owner stops rendering it; focus still goes back.</p>
            <button
              type="button"
              className="k-btn k-btn--contained"
              onClick={() => setOwnerShowsPopup(false)}
            >
              Done
            </button>
          </Popup>
        ) : null}
        <Popup
          open={popup === "normal"}
          title="Something went wrong"
          onClose={closePopup("onClose")}
          containedButton={{ label: "Got it", onClick: () => logPopup("Got it") }}
        >
          <p>There’s a system error, please try again.</p>
        </Popup>
        <Popup
          open={popup === "container"}
          type="container"
          title="Verify your mobile number"
          onClose={closePopup("onClose")}
        >
          <TextField
            label="Mobile number"
            prefix="+63"
            inputMode="numeric"
            maxLength={10}
            notAllowBlank
            tips={["We send the one-time PIN here."]}
          />
          <DateField label="Date of loss" value={emptyDate} onChange={setEmptyDate} />
          <SearchableDropdown
            label="Country of loss"
            options={countries}
            value={residence}
            onChange={setResidence}
          />
          <button type="button" className="k-btn k-btn--contained">
            Send OTP
          </button>
        </Popup>
        <Popup
          open={popup === "remind"}
          type="remind"
          title="Filing a living claim?"
          onClose={closePopup("onClose")}
          containedButton={{ label: "Proceed", onClick: () => logPopup("Proceed") }}
          outlinedButton={{
            label: "Enroll in the member portal",
            onClick: () => logPopup("Enroll"),
          }}
        >
          <p>
            For accident and illness claims you may enrol in the member portal, or proceed here.
          </p>
        </Popup>
        <Popup
          open={popup === "locked"}
          title="Temporarily unavailable"
          closable={false}
          onClose={closePopup("onClose")}
          containedButton={{ label: "OK", onClick: () => logPopup("OK") }}
        >
          <p>Escape does not close this one; only OK does.</p>
        </Popup>
      </Section>

      <Section title="react-hook-form">
        <FormDemo />
      </Section>

      <LoadingOverlay />
    </div>
  );
}

adoptStyles(uiCss);
adoptStyles(galleryCss);

const host = document.getElementById("widget");
if (!host) throw new Error("the gallery page has no #widget element");
const shadow = host.attachShadow({ mode: "open" });
registerWidgetRoot(shadow);
const container = document.createElement("div");
container.className = "k-root";
container.lang = "en";
shadow.replaceChildren(container);

createRoot(container).render(
  <StrictMode>
    <WidgetRootContext value={{ root: shadow, container }}>
      <Gallery />
    </WidgetRootContext>
  </StrictMode>,
);
