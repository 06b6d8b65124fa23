import { useState } from "react";
import { Checkbox } from "../src/ui/checkbox.tsx";
import { type DropdownOption, SearchableDropdown } from "../src/ui/searchable-dropdown.tsx";
import { TileSwitch } from "../src/ui/tile-switch.tsx";
import {
  countries,
  philippines,
  policyTypes,
  Section,
  type SharedValues,
} from "./gallery-parts.tsx";

/** Searchable dropdowns, tile switches and checkboxes, each in its states. */
export function ChoiceDemos({ residence, setResidence }: SharedValues) {
  const [country, setCountry] = useState<DropdownOption | null>(philippines);
  const [countryChanges, setCountryChanges] = useState(0);
  const [policyType, setPolicyType] = useState("Individual");
  const [channel, setChannel] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [clicks, setClicks] = useState(0);

  return (
    <>
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
    </>
  );
}
