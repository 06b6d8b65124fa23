import { RETURN_CODES } from "@kalinga/domain/claim-api";
import { joseStep1 } from "@kalinga/domain/fixtures/claim-fixtures";
import { fill } from "@kalinga/domain/localized-texts";
import { FIELD_MESSAGES, otpGuessesLeft, WRONG_OTP } from "@kalinga/domain/messages";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OTP_TEXTS } from "../otp/otp-texts.ts";
import * as claimSession from "../session/claim-session.ts";
import { resumeClaim } from "../session/claim-verification.ts";
import {
  type Answers,
  fakeClaimApi,
  openWidget,
  renderAt,
} from "../test-support/widget-under-test.tsx";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import { StartScreen } from "./start-screen.tsx";

// The public start form with the real claim session: its messages, the one start call, and the
// OTP modal that verifies the claim's number (decision 0076).

const REFERENCE = "KL-7KQ4-M9XP";
const started: Answers = {
  initClaimRequest: { body: { webReferenceNumber: REFERENCE, token: "claim-token" } },
  requestOneTimePIN: { body: { sendsLeft: 2, resendAvailableInSeconds: 60 } },
};

function renderStart() {
  return renderAt(
    "/cf",
    <Routes>
      <Route path="/cf" element={<StartScreen />} />
      <Route path="*" element={null} />
    </Routes>,
  );
}

// The OTP modal is a lazy chunk: its first load in a run is transformed on the spot.
const LAZY_MODAL = { timeout: 10_000 };

const route = () => screen.getByTestId("current-route").textContent;

/** Next on the form, Send in the OTP modal, then the six digits and Submit. */
async function verifyWithCode(user: UserEvent, code = "123456") {
  await user.click(screen.getByRole("button", { name: UI_TEXTS.next }));
  await user.click(await screen.findByRole("button", { name: OTP_TEXTS.send }, LAZY_MODAL));
  for (const [index, digit] of [...code].entries()) {
    await user.type(
      screen.getByLabelText(fill(OTP_TEXTS.digit, { position: index + 1, of: code.length })),
      digit,
    );
  }
  await user.click(screen.getByRole("button", { name: OTP_TEXTS.submit }));
}

beforeEach(async () => {
  await openWidget("corporate-website");
  claimSession.markReminded();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("public start form", () => {
  it("shows the domain's messages on Next and starts no claim", async () => {
    const calls = fakeClaimApi(started);
    const user = userEvent.setup();
    renderStart();
    await user.click(screen.getByRole("button", { name: UI_TEXTS.next }));
    expect(await screen.findByText(FIELD_MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(FIELD_MESSAGES.homeAddressRequired)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(claimSession.reference()).toBeUndefined();
  });

  it("starts the claim once, and the OTP verifies its number", async () => {
    claimSession.keepStep1(joseStep1);
    const calls = fakeClaimApi({
      ...started,
      validateOneTimePIN: { body: { token: "verified-token", drafts: [] } },
    });
    const user = userEvent.setup();
    renderStart();
    await verifyWithCode(user);

    await waitFor(() => expect(route()).toBe("/claims-details"));
    expect(calls.map((call) => call.name)).toEqual([
      "initClaimRequest",
      "requestOneTimePIN",
      "validateOneTimePIN",
    ]);
    expect(calls[1]?.body).toMatchObject({
      webReferenceNumber: REFERENCE,
      mobileNumber: joseStep1.phoneNumber,
      firstName: joseStep1.firstName,
    });
    expect(calls[1]?.headers.authorization).toBe("Bearer claim-token");
    // Every call names the widget's language, so the claim's messages go out in it (decision 0089).
    expect(calls.map((call) => call.headers["x-kalinga-locale"])).toEqual(["en", "en", "en"]);
    expect(claimSession.reference()).toBe(REFERENCE);
    expect(claimSession.isVerified(joseStep1.phoneNumber)).toBe(true);
    expect(claimSession.step1()).toEqual(joseStep1);
  });

  it("offers the number's open drafts before a new claim goes on", async () => {
    claimSession.keepStep1(joseStep1);
    const draft = {
      webReferenceNumber: "KL-3HWN-8RTC",
      claimType: "Living",
      startedAt: "2026-11-20T03:15:00.000Z",
      step: "/payout-option",
      documentCount: 0,
    };
    fakeClaimApi({ ...started, validateOneTimePIN: { body: { drafts: [draft] } } });
    const user = userEvent.setup();
    renderStart();
    await verifyWithCode(user);

    await waitFor(() => expect(route()).toBe("/continue-claim"));
    expect(claimSession.draftsOffered()).toEqual([draft]);
  });

  it("says a wrong code is wrong, with the guesses left, and stays on the form", async () => {
    claimSession.keepStep1(joseStep1);
    fakeClaimApi({
      ...started,
      validateOneTimePIN: {
        status: 417,
        body: { returnCode: RETURN_CODES.wrongOtp, guessesLeft: 2 },
      },
    });
    const user = userEvent.setup();
    renderStart();
    await verifyWithCode(user, "000000");

    expect(await screen.findByText(WRONG_OTP)).toBeTruthy();
    expect(screen.getByText(otpGuessesLeft(2))).toBeTruthy();
    expect(route()).toBe("/cf");
    expect(claimSession.isVerified()).toBe(false);
  });

  it("goes on without a call when the claim's number is verified already", async () => {
    resumeClaim({
      webReferenceNumber: REFERENCE,
      token: "verified-token",
      step1: joseStep1,
      mobileNumber: joseStep1.phoneNumber,
    });
    const calls = fakeClaimApi(started);
    const user = userEvent.setup();
    renderStart();
    await user.click(screen.getByRole("button", { name: UI_TEXTS.next }));

    await waitFor(() => expect(route()).toBe("/claims-details"));
    expect(calls).toEqual([]);
  });
});
