import { cleanup, render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach } from "vitest";
import { ClaimScreen } from "../screens/claim-screen.tsx";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, claimUnderReview, examiner, REFERENCE, staffList } from "./claim-answers.ts";
import { type Answer, fakeConsoleApi } from "./fake-console-api.ts";

afterEach(cleanup);

export const CLAIM_PATH = `/claims/${REFERENCE}`;

/** The claim screen at /console/claims/:reference as signed-in staff open it, the server faked. */
export function renderClaimScreen(claim: object = claimUnderReview, staff: object = examiner) {
  return renderClaimScreenAnswered({ body: claim }, staff);
}

/** The claim screen when the server gives this answer for the claim. */
export function renderClaimScreenAnswered(
  claimAnswer: Answer,
  staff: object = examiner,
): ReturnType<typeof fakeConsoleApi> {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff, csrfToken: CSRF_TOKEN } },
    [`GET ${CLAIM_PATH}`]: claimAnswer,
    "GET /staff": { body: staffList },
  });
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[CLAIM_PATH]}>
        <Routes>
          <Route path="/claims/:reference" element={<ClaimScreen />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}
