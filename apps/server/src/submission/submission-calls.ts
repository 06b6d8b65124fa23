import type { Database } from "../db/database.ts";
import type { ClaimCallHandlers } from "../http/claim-call-routes.ts";
import type { MessageWordsOf } from "../notifications/message-locale.ts";
import { isRefusal, refusableTransaction } from "../refusal.ts";
import { submitClaim } from "./submission-service.ts";

// finalSubmitClaim (docs/decisions/0025, 0026): the submit's rules are submission-service.ts's; its
// transaction rolls back on a refusal, and a first submit wakes the notification worker.

export function submissionCalls(
  db: Database,
  /** Called after a submit commits, so its acknowledgment leaves before the next poll. */
  wakeNotifications: () => void,
  /** The published words of the acknowledgment (decision 0096). */
  wordsOf: MessageWordsOf,
): Pick<ClaimCallHandlers, "finalSubmitClaim"> {
  return {
    async finalSubmitClaim({ request, claim, body, now, complete }) {
      const outcome = await refusableTransaction(db, (tx) =>
        submitClaim(tx, { claim, body, now, complete, wordsOf }),
      );
      if (isRefusal(outcome)) return outcome;
      if (!outcome.repeat) {
        request.log.info({ webReferenceNumber: claim.webReferenceNumber }, "claim submitted");
        wakeNotifications();
      }
      return outcome.response;
    },
  };
}
