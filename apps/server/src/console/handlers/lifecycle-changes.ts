import { CLOSED_INCOMPLETE } from "@kalinga/domain/claim-lifecycle";
import { todayInManila } from "@kalinga/domain/dates";
import { dueDateErrors } from "@kalinga/domain/lifecycle-requests";
import { ROUTE_INPUT_MESSAGES } from "@kalinga/domain/route-inputs";
import { staffMay } from "@kalinga/domain/staff-roles";
import { actorOf, type ConsoleCallHandlers, type ConsoleServices } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// The changes the lifecycle allows, made from the console: a status (previewed first), requests
// for documents (previewed first), a decision on a received document, the policy match. The
// lifecycle refuses what its rules do not allow; each change is audited.

type LifecycleHandlers = Pick<
  ConsoleCallHandlers,
  | "changeStatus"
  | "previewStatusChange"
  | "previewRequirements"
  | "askForRequirements"
  | "decideRequirement"
  | "setPolicyMatch"
>;

/** Each item due from the next working day to a year ahead (decision 0070), or the 400 naming each. */
function dueProblems(requirements: readonly { dueDate: string | null }[], now: Date) {
  const errors = dueDateErrors(requirements, todayInManila(now));
  return errors.length > 0 ? refuse.invalid(errors) : null;
}

export function lifecycleChangeHandlers(services: ConsoleServices): LifecycleHandlers {
  const { lifecycle } = services;

  return {
    async changeStatus({ claim, body, staff, record }) {
      if (claim.status === CLOSED_INCOMPLETE && !staffMay(staff.role, "reopen")) {
        return refuse.forbidden();
      }
      const result = await lifecycle.changeStatus(
        claim.webReferenceNumber,
        { status: body.status, reason: body.reason ?? null, decision: body.decision ?? null },
        actorOf(staff),
      );
      if ("refused" in result) return result;
      await record("claim.status", claim.webReferenceNumber, {
        from: claim.status,
        to: result.status,
      });
      return result;
    },

    // What a status change would tell the claimant, and to whom, before it is made (decision 0067).
    async previewStatusChange({ claim, body }) {
      const preview = await lifecycle.previewStatusChange(claim.webReferenceNumber, {
        status: body.status,
        decision: body.decision ?? null,
      });
      return preview ?? refuse.field("status", "one-of", ROUTE_INPUT_MESSAGES.unknownStatus);
    },

    async previewRequirements({ claim, body, now }) {
      const problems = dueProblems(body.requirements, now);
      if (problems) return problems;
      const preview = await lifecycle.previewRequirements(
        claim.webReferenceNumber,
        body.requirements,
      );
      return preview ?? refuse.notFound(M.notFound);
    },

    async askForRequirements({ claim, body, staff, record, now }) {
      const problems = dueProblems(body.requirements, now);
      if (problems) return problems;
      const result = await lifecycle.askForRequirements(
        claim.webReferenceNumber,
        body.requirements,
        actorOf(staff),
      );
      if ("refused" in result) return result;
      await record("claim.requirements", claim.webReferenceNumber, { ids: result.requirementIds });
      return result;
    },

    async decideRequirement({ claim, params, body, staff, record }) {
      const result = await lifecycle.decideRequirement(
        claim.webReferenceNumber,
        params.id,
        body,
        actorOf(staff),
      );
      if ("refused" in result) return result;
      const action = body.accept ? "claim.requirement.accept" : "claim.requirement.reject";
      await record(action, claim.webReferenceNumber, { id: params.id });
      return result;
    },

    async setPolicyMatch({ claim, body, staff, record }) {
      const result = await lifecycle.setPolicyMatch(claim.webReferenceNumber, body, actorOf(staff));
      if ("refused" in result) return result;
      await record("claim.policy-match", claim.webReferenceNumber, {
        matchCode: result.matchCode,
      });
      return result;
    },
  };
}
