import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useContinuedElsewhere } from "../api/system-error.ts";
import { StartRoute } from "../start/start-route.tsx";
import { useTexts } from "../ui/locale.ts";
import { APP_TEXTS } from "./app-texts.ts";
import { ScreenErrorBoundary } from "./error-screen.tsx";
import { lazyScreen } from "./lazy-screen.ts";
import { StepFocus } from "./step-focus.tsx";

// The client routes of section 2. The start step is in the initial bundle; every other screen is a
// lazy chunk. (Declarative routes: the data router would add 17 KB gzip to the start step.)

const PortalStartScreen = lazyScreen(() => import("../portal/portal-start-screen.tsx"));
const ClaimsReportScreen = lazyScreen(() => import("../portal/claims-report-screen.tsx"));
const ClaimDocumentsScreen = lazyScreen(() => import("../documents/claim-documents-screen.tsx"));
const ContinueClaimScreen = lazyScreen(() => import("../drafts/continue-claim-screen.tsx"));
const ClaimGuideScreen = lazyScreen(() => import("../guide/claim-guide-screen.tsx"));

/** The screens one lazy chunk exports by name: each is fetched with the chunk, once for all. */
function screensOf<Chunk>(load: () => Promise<Chunk>) {
  return (name: keyof Chunk) =>
    lazyScreen(() => load().then((chunk) => ({ default: chunk[name] as ComponentType })));
}

const trackingScreen = screensOf(() => import("../tracking/tracking-screens.ts"));
const ClaimsTrackingScreen = trackingScreen("ClaimsTrackingScreen");
const YourClaimTrackingScreen = trackingScreen("YourClaimTrackingScreen");
const StatusDetailsScreen = trackingScreen("StatusDetailsScreen");
const AbeyanceDetailsScreen = trackingScreen("AbeyanceDetailsScreen");
const AbeyanceUploadScreen = lazyScreen(() => import("../tracking/abeyance-upload-screen.tsx"));
const AbeyanceReviewScreen = trackingScreen("AbeyanceReviewScreen");
const LinkStatusScreen = trackingScreen("LinkStatusScreen");
// The check's guard comes with the screens it guards, so the start step does not carry it.
const RequireTrackingCheck = trackingScreen("RequireTrackingCheck");
// The claim steps' layouts read the claim data store, whose defaults carry the domain's schemas.
const claimLayout = screensOf(() => import("../claim/verified-claim.tsx"));
const VerifiedClaimLayout = claimLayout("VerifiedClaimLayout");
const RequireVerifiedClaim = claimLayout("RequireVerifiedClaim");
const claimStep = screensOf(() => import("./claim-step-screens.ts"));
const ClaimsDetailsScreen = claimStep("ClaimsDetailsScreen");
const PayoutOptionScreen = claimStep("PayoutOptionScreen");
const submissionScreen = screensOf(() => import("../submission/submission-screens.ts"));
const ClaimsReviewScreen = submissionScreen("ClaimsReviewScreen");
const ClaimsSubmissionScreen = submissionScreen("ClaimsSubmissionScreen");
const ClaimsRatingScreen = submissionScreen("ClaimsRatingScreen");

const ContinuedElsewherePopup = lazy(() => import("../drafts/continued-elsewhere.tsx"));
// Watches the temporarily-unavailable notice over every channel's filing screens (decision 0069).
const FilingNotice = lazy(() => import("../start/filing-notice.tsx"));

/** The claim went on on another device (decision 0069): the pop-up that says so, loaded then. */
function ContinuedElsewhere() {
  const reference = useContinuedElsewhere();
  return reference === null ? null : <ContinuedElsewherePopup reference={reference} />;
}

function ScreenLoading() {
  const texts = useTexts(APP_TEXTS);
  return (
    <p className="k-screen-loading" role="status">
      {texts.loading}
    </p>
  );
}

export function ClaimRoutes() {
  return (
    <ScreenErrorBoundary>
      <StepFocus />
      <Suspense fallback={null}>
        <ContinuedElsewhere />
        <FilingNotice />
      </Suspense>
      <Suspense fallback={<ScreenLoading />}>
        <Routes>
          <Route index element={<StartRoute />} />
          <Route path="claims-filing" element={<StartRoute />} />
          <Route path="cf" element={<StartRoute />} />
          <Route path="cfm" element={<PortalStartScreen />} />
          <Route path="claims-report" element={<ClaimsReportScreen />} />
          <Route path="claims-tracking" element={<ClaimsTrackingScreen />} />
          <Route path="link-status/:status" element={<LinkStatusScreen />} />
          <Route path="claims-link-status/:status" element={<LinkStatusScreen />} />
          <Route element={<RequireTrackingCheck />}>
            <Route path="your-claim-tracking" element={<YourClaimTrackingScreen />} />
            <Route path="status-details" element={<StatusDetailsScreen />} />
            <Route path="abeyance-details" element={<AbeyanceDetailsScreen />} />
            <Route path="abeyance-upload" element={<AbeyanceUploadScreen />} />
            <Route path="abeyance-review" element={<AbeyanceReviewScreen />} />
          </Route>
          <Route path="continue-claim" element={<ContinueClaimScreen />} />
          <Route path="claim-guide" element={<ClaimGuideScreen />} />
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
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
