import { adoptStyles } from "../ui/styles.ts";
import submissionCss from "./submission.css?inline";

/** Called when the review, submission and rating chunk loads: its styles come with it. */
export function adoptSubmissionStyles(): void {
  adoptStyles(submissionCss);
}
