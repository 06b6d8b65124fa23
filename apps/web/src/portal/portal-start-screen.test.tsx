import { FIELD_MESSAGES } from "@kalinga/domain/messages";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as claimSession from "../session/claim-session.ts";
import {
  fakeClaimApi,
  openWidget,
  portalAssertion,
  renderAt,
} from "../test-support/widget-under-test.tsx";
import { UI_TEXTS } from "../ui/ui-texts.ts";
import PortalStartScreen from "./portal-start-screen.tsx";
import { PORTAL_TEXTS } from "./portal-texts.ts";

// The portals' start form (/cfm) with the real claim session: the claim starts the same way as on
// the public form, and the portal's sign-in verifies it in place of the OTP (decision 0076).

const REFERENCE = "KL-7KQ4-M9XP";
const POLICY = "1234567890";
const OWNER_MOBILE = "9171234567";

function renderPortalStart() {
  return renderAt(
    "/cfm",
    <Routes>
      <Route path="/cfm" element={<PortalStartScreen />} />
      <Route path="*" element={null} />
    </Routes>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("portal start form", () => {
  it("starts the claim on the given policy, reads it, and the sign-in verifies the claim", async () => {
    await openWidget("member-portal", { assertion: portalAssertion(), policyNumber: POLICY });
    const calls = fakeClaimApi({
      initClaimRequest: { body: { webReferenceNumber: REFERENCE, token: "claim-token" } },
      getPolicyDetails: {
        body: {
          insuredInformation: {
            firstName: "Jose",
            middleName: "",
            lastName: "Rizal",
            suffix: "",
            dateOfBirth: "06/19/1961",
          },
          policyOwnerInformation: { phoneNumber: OWNER_MOBILE, emailAddress: "jose@example.ph" },
          token: "verified-token",
        },
      },
    });
    const user = userEvent.setup();
    renderPortalStart();

    const facts = await screen.findByTestId("policy-details");
    expect(facts.textContent).toContain("Jose Rizal");
    expect(calls.map((call) => call.name)).toEqual(["initClaimRequest", "getPolicyDetails"]);
    expect(calls[1]?.body).toMatchObject({
      webReferenceNumber: REFERENCE,
      policyInformation: { policyNumber: POLICY },
    });
    expect(claimSession.reference()).toBe(REFERENCE);
    expect(claimSession.isVerified(OWNER_MOBILE)).toBe(true);

    // What the policy does not give, the claimant completes: Next says what is missing.
    await user.click(screen.getByRole("button", { name: UI_TEXTS.next }));
    expect(await screen.findByText(FIELD_MESSAGES.homeAddressRequired)).toBeTruthy();
    expect(screen.getByTestId("current-route").textContent).toBe("/cfm");
  });

  it("asks to sign in again when the portal's user cannot be read", async () => {
    await openWidget("member-portal", { assertion: "not-an-assertion", policyNumber: POLICY });
    const calls = fakeClaimApi({});
    renderPortalStart();
    expect(await screen.findByText(PORTAL_TEXTS.signInAgain)).toBeTruthy();
    // The company's login page of the environment (localhost is DEV, which has none: SIT's).
    const signIn = screen.getByRole("link", { name: PORTAL_TEXTS.signInLink });
    expect(signIn.getAttribute("href")).toBe("https://sit.portal.example/login");
    await waitFor(() => expect(calls).toEqual([]));
    expect(claimSession.reference()).toBeUndefined();
  });
});
