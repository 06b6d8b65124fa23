import { todayInManila } from "@kalinga/domain/dates";
import {
  dueDateErrors,
  LIFECYCLE_REQUEST_MESSAGES,
  MAX_POLICIES_PER_CALL,
} from "@kalinga/domain/lifecycle-requests";
import type { LifecycleService } from "../../lifecycle/lifecycle-service.ts";
import type { ImportReport } from "../../policies/policy-import.ts";
import type { InsurerCallHandler } from "../insurer-call.ts";

// The insurer's changes: a claim's status, the items it asks for, the policy it matched, and the
// policy records it sends. A change sent again under one Idempotency-Key is done once.

type ChangeContext = {
  lifecycle: LifecycleService;
  now: () => Date;
  /** Upserts policy records and reports the refused rows (decision 0057). */
  importPolicies: (rows: readonly unknown[]) => Promise<ImportReport>;
};

export function changeStatus({ lifecycle }: ChangeContext): InsurerCallHandler<"changeStatus"> {
  return async ({ actor, params, body }) => {
    const { webReferenceNumber } = params;
    const change = {
      status: body.status,
      reason: body.reason ?? null,
      decision: body.decision ?? null,
    };
    const result = await lifecycle.changeStatus(webReferenceNumber, change, actor);
    return "refused" in result ? result : { webReferenceNumber, ...result };
  };
}

export function askForRequirements(
  context: ChangeContext,
): InsurerCallHandler<"askForRequirements"> {
  return async ({ actor, params, body }) => {
    const problems = dueDateErrors(body.requirements, todayInManila(context.now()));
    if (problems.length > 0) return { refused: "invalid-request", problems };
    const { webReferenceNumber } = params;
    const result = await context.lifecycle.askForRequirements(
      webReferenceNumber,
      body.requirements,
      actor,
    );
    return "refused" in result ? result : { webReferenceNumber, ...result };
  };
}

export function setPolicyMatch({ lifecycle }: ChangeContext): InsurerCallHandler<"setPolicyMatch"> {
  return async ({ actor, params, body }) => {
    const { webReferenceNumber } = params;
    const result = await lifecycle.setPolicyMatch(webReferenceNumber, body, actor);
    return "refused" in result ? result : { webReferenceNumber, ...result };
  };
}

/** Each record is checked by the import, which reports the rows it refused; only the count is 400. */
export function importPolicies(context: ChangeContext): InsurerCallHandler<"importPolicies"> {
  return async ({ request }) => {
    const rows = (request.body as { policies?: unknown } | null)?.policies;
    if (!Array.isArray(rows) || rows.length === 0 || rows.length > MAX_POLICIES_PER_CALL) {
      const message = LIFECYCLE_REQUEST_MESSAGES.policies(MAX_POLICIES_PER_CALL);
      return {
        refused: "invalid-request",
        problems: [{ field: "policies", rule: "count", message }],
      };
    }
    return context.importPolicies(rows);
  };
}
