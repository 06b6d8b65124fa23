import { Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { StartRoute } from "../start/start-route.tsx";
import { APP_TEXTS } from "./app-texts.ts";
import { ScreenErrorBoundary } from "./error-screen.tsx";
import { lazyScreen } from "./lazy-screen.ts";
import { StepFocus } from "./step-focus.tsx";

// The client routes of section 2. The start step is in the initial bundle; every other screen is a
// lazy chunk. (Declarative routes: the data router would add 17 KB gzip to the start step.)

/** Screens later steps fill in; each route is there so deep links and the flow resolve today. */
const LATER_SCREENS = [
  "status-details",
  "abeyance-upload",
  "claims-report",
  "your-claim-tracking",
  "abeyance-details",
  "abeyance-review",
  "link-status/:status",
  "claims-link-status/:status",
] as const;

const loadPlaceholders = () => import("../screens/placeholder-screens.ts");
const LaterScreen = lazyScreen(() =>
  loadPlaceholders().then((screens) => ({ default: screens.LaterScreen })),
);
const LoggedInStartScreen = lazyScreen(() =>
  loadPlaceholders().then((screens) => ({ default: screens.LoggedInStartScreen })),
);
const ClaimsTrackingScreen = lazyScreen(() =>
  loadPlaceholders().then((screens) => ({ default: screens.ClaimsTrackingScreen })),
);
// The claim steps' layouts read the claim data store, whose defaults carry the domain's schemas.
const loadVerifiedClaim = () => import("../claim/verified-claim.tsx");
const VerifiedClaimLayout = lazyScreen(() =>
  loadVerifiedClaim().then((claim) => ({ default: claim.VerifiedClaimLayout })),
);
const RequireVerifiedClaim = lazyScreen(() =>
  loadVerifiedClaim().then((claim) => ({ default: claim.RequireVerifiedClaim })),
);
const loadClaimSteps = () => import("./claim-step-screens.ts");
const ClaimsDetailsScreen = lazyScreen(() =>
  loadClaimSteps().then((steps) => ({ default: steps.ClaimsDetailsScreen })),
);
const PayoutOptionScreen = lazyScreen(() =>
  loadClaimSteps().then((steps) => ({ default: steps.PayoutOptionScreen })),
);
const ClaimDocumentsScreen = lazyScreen(() => import("../documents/claim-documents-screen.tsx"));
const ContinueClaimScreen = lazyScreen(() => import("../drafts/continue-claim-screen.tsx"));
const loadSubmission = () => import("../submission/submission-screens.ts");
const ClaimsReviewScreen = lazyScreen(() =>
  loadSubmission().then((screens) => ({ default: screens.ClaimsReviewScreen })),
);
const ClaimsSubmissionScreen = lazyScreen(() =>
  loadSubmission().then((screens) => ({ default: screens.ClaimsSubmissionScreen })),
);
const ClaimsRatingScreen = lazyScreen(() =>
  loadSubmission().then((screens) => ({ default: screens.ClaimsRatingScreen })),
);

function ScreenLoading() {
  return (
    <p className="k-screen-loading" role="status">
      {APP_TEXTS.loading}
    </p>
  );
}

export function ClaimRoutes() {
  return (
    <ScreenErrorBoundary>
      <StepFocus />
      <Suspense fallback={<ScreenLoading />}>
        <Routes>
          <Route index element={<StartRoute />} />
          <Route path="claims-filing" element={<StartRoute />} />
          <Route path="cf" element={<StartRoute />} />
          <Route path="cfm" element={<LoggedInStartScreen />} />
          <Route path="claims-tracking" element={<ClaimsTrackingScreen />} />
          <Route path="continue-claim" element={<ContinueClaimScreen />} />
          <Route element={<VerifiedClaimLayout />}>
            <Route element={<RequireVerifiedClaim />}>
              <Route path="claims-details" element={<ClaimsDetailsScreen />} />
              <Route path="payout-option" element={<PayoutOptionScreen />} />
              <Route path="claims-documents" element={<ClaimDocumentsScreen />} />
              <Route path="claims-review" element={<ClaimsReviewScreen />} />
            </Route>
            {/* These two also show the receipt of a claim whose session was cleared. */}
            <Route path="claims-submission" element={<ClaimsSubmissionScreen />} />
            <Route path="claims-rating" element={<ClaimsRatingScreen />} />
          </Route>
          {LATER_SCREENS.map((path) => (
            <Route key={path} path={path} element={<LaterScreen />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
