// The review, the submission with its confirmation, and the rating load as one chunk: they follow
// each other within a minute, and the last two are tiny.
export { default as ClaimsRatingScreen } from "./claims-rating-screen.tsx";
export { default as ClaimsReviewScreen } from "./claims-review-screen.tsx";
export { default as ClaimsSubmissionScreen } from "./claims-submission-screen.tsx";
