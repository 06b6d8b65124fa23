import { joseStep1 } from "@kalinga/domain/fixtures/claim-fixtures";
import { fill } from "@kalinga/domain/localized-texts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OTP_TEXTS } from "../otp/otp-texts.ts";
import * as claimSession from "../session/claim-session.ts";
import { resumeClaim } from "../session/claim-verification.ts";
import * as trackingSession from "../session/tracking-session.ts";
import { fakeClaimApi, openWidget, renderAt } from "../test-support/widget-under-test.tsx";
import ClaimsTrackingScreen from "./claims-tracking-screen.tsx";
import RequireTrackingCheck from "./require-tracking-check.tsx";
import { TRACKING_TEXTS } from "./tracking-texts.ts";
import { trackingWords } from "./tracking-words.ts";
import YourClaimTrackingScreen from "./your-claim-tracking-screen.tsx";

// Following filed claims with the real sessions: the check gets its own reference, token and
// verified number, and the claim being filed in the same tab is left alone (decisions 0055, 0076).

const MOBILE = "9171234567";
const CHECK = "KL-TRAK-0001";
const FILED = "KL-7KQ4-M9XP";

function renderTracking(path: string) {
  return renderAt(
    path,
    <Routes>
      <Route path="/claims-tracking" element={<ClaimsTrackingScreen />} />
      <Route element={<RequireTrackingCheck />}>
        <Route path="/your-claim-tracking" element={<YourClaimTrackingScreen />} />
      </Route>
      <Route path="*" element={null} />
    </Routes>,
  );
}

// The OTP modal is a lazy chunk: its first load in a run is transformed on the spot.
const LAZY_MODAL = { timeout: 10_000 };

const route = () => screen.getByTestId("current-route").textContent;

beforeEach(() => openWidget("corporate-website"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const T = trackingWords(TRACKING_TEXTS, "en");

describe("claim tracking", () => {
  it("refuses a reference that is not one, before any call", async () => {
    const calls = fakeClaimApi({});
    const user = userEvent.setup();
    renderTracking("/claims-tracking");
    await user.type(screen.getByLabelText(T.mobileNumber), MOBILE);
    await user.type(screen.getByLabelText(T.referenceNumber), "not a reference");
    await user.click(screen.getByRole("button", { name: T.checkButton }));
    expect(await screen.findByText(T.badReference)).toBeTruthy();
    // The rule is fetched before the check: focus still goes to the field in error.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(T.referenceNumber)),
    );
    expect(calls).toEqual([]);
  });

  it("verifies the number with the OTP and lists the claims filed with it", async () => {
    // A claim being filed in the same tab keeps its own token and reference.
    resumeClaim({
      webReferenceNumber: FILED,
      token: "claim-token",
      step1: joseStep1,
      mobileNumber: joseStep1.phoneNumber,
    });
    const calls = fakeClaimApi({
      initClaimTracking: { body: { webReferenceNumber: CHECK, token: "check-token" } },
      requestTrackingOneTimePIN: { body: { sendsLeft: 2, resendAvailableInSeconds: 60 } },
      validateOneTimePIN: { body: { token: "verified-check-token" } },
      listTrackedClaims: { body: { claims: [], drafts: [] } },
    });
    const user = userEvent.setup();
    renderTracking("/claims-tracking");
    await user.type(screen.getByLabelText(T.mobileNumber), MOBILE);
    await user.click(screen.getByRole("button", { name: T.checkButton }));
    await user.click(await screen.findByRole("button", { name: OTP_TEXTS.send }, LAZY_MODAL));
    for (const [index, digit] of [..."123456"].entries()) {
      await user.type(
        screen.getByLabelText(fill(OTP_TEXTS.digit, { position: index + 1, of: 6 })),
        digit,
      );
    }
    await user.click(screen.getByRole("button", { name: OTP_TEXTS.submit }));

    await waitFor(() => expect(route()).toBe("/your-claim-tracking"));
    expect(await screen.findByText(T.listIntro(MOBILE.slice(-4)))).toBeTruthy();
    expect(await screen.findByText(T.noClaims)).toBeTruthy();
    expect(calls.map((call) => call.name)).toEqual([
      "initClaimTracking",
      "requestTrackingOneTimePIN",
      "validateOneTimePIN",
      "listTrackedClaims",
    ]);
    // Every call after the start carries the check's reference and token, never a claim's.
    expect(calls[3]?.body.webReferenceNumber).toBe(CHECK);
    expect(calls[3]?.headers.authorization).toBe("Bearer verified-check-token");
    expect(trackingSession.isCheckVerified()).toBe(true);
    const afterStart = calls.slice(1);
    expect(afterStart.every((call) => call.headers.authorization !== "Bearer claim-token")).toBe(
      true,
    );
    expect(claimSession.reference()).toBe(FILED);
  });

  it("sends a claimant without a verified check back to the check", async () => {
    fakeClaimApi({});
    renderTracking("/your-claim-tracking");
    await waitFor(() => expect(route()).toBe("/claims-tracking"));
    expect(screen.getByRole("heading", { name: T.checkTitle })).toBeTruthy();
  });
});
