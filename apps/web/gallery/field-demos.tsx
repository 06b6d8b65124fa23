import { useState } from "react";
import { DateField } from "../src/ui/date-field.tsx";
import { InfoTooltip } from "../src/ui/info-tooltip.tsx";
import { TextField } from "../src/ui/text-field.tsx";
import { Section, type SharedValues, tips } from "./gallery-parts.tsx";

/** Text fields, the info tooltip and date fields, each in its states. */
export function FieldDemos({ emptyDate, setEmptyDate }: SharedValues) {
  const [mobile, setMobile] = useState("");
  const [email, setEmail] = useState("");
  const [dob, setDob] = useState("1980-03-05");

  return (
    <>
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
    </>
  );
}
