import { adoptStyles } from "../ui/styles.ts";
import claimStepsCss from "./claim-steps.css?inline";

/** Called when a chunk of Steps 2 and 3 loads: their styles reach the widget with them. */
export function adoptClaimStepStyles(): void {
  adoptStyles(claimStepsCss);
}
