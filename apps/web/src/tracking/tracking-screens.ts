import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import trackingCss from "./tracking.css?inline";

// The claimant follows a claim (decision 0056): the check, the claims of the number, one claim's
// status, the insurer's requests and the status links load as one lazy chunk, apart from filing;
// the upload of requested documents, with the upload machinery, loads when it is opened.

adoptStyles(screenTextCss);
adoptStyles(trackingCss);

export { default as AbeyanceDetailsScreen } from "./abeyance-details-screen.tsx";
export { default as AbeyanceReviewScreen } from "./abeyance-review-screen.tsx";
export { default as ClaimsTrackingScreen } from "./claims-tracking-screen.tsx";
export { default as LinkStatusScreen } from "./link-status-screen.tsx";
export { default as RequireTrackingCheck } from "./require-tracking-check.tsx";
export { default as StatusDetailsScreen } from "./status-details-screen.tsx";
export { default as YourClaimTrackingScreen } from "./your-claim-tracking-screen.tsx";
