import { useState } from "react";
import { DateField } from "../src/ui/date-field.tsx";
import { LOADING_CLOSE_EVENT, LOADING_OPEN_EVENT, loading } from "../src/ui/loading.ts";
import { Popup } from "../src/ui/popup.tsx";
import { SearchableDropdown } from "../src/ui/searchable-dropdown.tsx";
import { TextField } from "../src/ui/text-field.tsx";
import { countries, Section, type SharedValues } from "./gallery-parts.tsx";

/** The loading overlay and every kind of popup; ?popup=<kind> opens one at load. */
export function OverlayDemos({ emptyDate, setEmptyDate, residence, setResidence }: SharedValues) {
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
    <>
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
    </>
  );
}
