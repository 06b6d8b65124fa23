import { useLocation } from "react-router";

const REVIEW_ROUTE = "/claims-review";

/** Navigation state of an edit link on the review: the step's Next comes back to the review. */
export const BACK_TO_REVIEW = { backToReview: true } as const;

/** Where a step's Next goes: the review when the claimant came from its edit link, else onward. */
export function useNextRoute(onward: string): string {
  const state = useLocation().state as { backToReview?: unknown } | null;
  return state?.backToReview === true ? REVIEW_ROUTE : onward;
}
