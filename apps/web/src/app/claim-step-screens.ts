// Steps 2 and 3 load as one chunk: Step 3 always follows Step 2, and two chunks would split the
// modules they share with the start step out of the initial bundle into extra requests.
export { default as ClaimsDetailsScreen } from "../details/claims-details-screen.tsx";
export { default as PayoutOptionScreen } from "../payout/payout-option-screen.tsx";
