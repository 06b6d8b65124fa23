import * as z from "zod/mini";
import { beneficiariesSchema } from "./beneficiary.ts";
import { buildClaimPayload } from "./build-claim-payload.ts";
import { basicInformationSchema, resetOneTimePinSchema } from "./claim-api.ts";
import { type ClaimDetails, claimDetailsIssues } from "./claim-details.ts";
import {
  type ClaimPayload,
  claimBasicShape,
  claimPayloadObject,
  claimShape,
} from "./claim-payload.ts";
import { type IsoDate, todayInManila } from "./dates.ts";
import { type Declarations, declarationsSchema } from "./declarations.ts";
import { inputsOfPayload } from "./inputs-of-payload.ts";
import { FILING_MESSAGES as F } from "./messages.ts";
import { payoutSchema } from "./payout.ts";
import { publicStartFormSchema } from "./start-form.ts";

// The server's check of a submitted payload: every rule of Steps 1 to 3 on the forms it came
// from, then the builder's own output compared with it field for field.

type Path = (string | number)[];
type PathIssue = { path: Path; message: string };

const STEP1_PATHS: Record<string, Path> = {
  policyType: ["policyInformation", "policyType"],
  company: ["policyInformation", "corporateCompany"],
  companyOther: ["policyInformation", "corporateCompanyName"],
  policyNumber: ["policyInformation", "policyNumber"],
};

const DETAILS_PATHS: Partial<Record<keyof ClaimDetails, Path>> = {
  claimType: ["basicInformation", "claimType"],
  livingSubtype: ["basicInformation", "causeOfLoss"],
  causeOfLoss: ["basicInformation", "causeOfLoss"],
  natureOfDeath: ["basicInformation", "natureOfDeath"],
  dateOfFirstConsultation: ["insuredInformation", "firstDiagnosedDate"],
  policyNumber: ["policyInformation", "policyNumber"],
};

const PAYOUT_PATHS: Record<string, Path> = {
  method: ["payoutInformation", "payoutMethod"],
  bank: ["payoutInformation", "bankCode"],
  accountName: ["payoutInformation", "accountName"],
  accountNumber: ["payoutInformation", "accountNumber"],
};

/** The first leaf where two payloads differ, or null. */
function firstDifference(a: unknown, b: unknown, path: Path = []): Path | null {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? null : path;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const step = Array.isArray(a) ? Number(key) : key;
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      [...path, step],
    );
    if (found) return found;
  }
  return null;
}

/** Every rule of Steps 1 to 3 on a submitted payload, with the payload's paths. */
function claimPayloadIssues(payload: ClaimPayload, today: IsoDate = todayInManila()): PathIssue[] {
  const inputs = inputsOfPayload(payload);
  const issues: PathIssue[] = [];

  const step1 = publicStartFormSchema.safeParse({ ...inputs.step1, policyNumber: undefined });
  if (!step1.success) {
    for (const issue of step1.error.issues) {
      const field = String(issue.path[0] ?? "");
      issues.push({
        path: STEP1_PATHS[field] ?? ["insuredInformation", field],
        message: issue.message,
      });
    }
  }

  for (const { field, message } of claimDetailsIssues(inputs.details, {
    dateOfBirth: inputs.step1.dateOfBirth,
    today,
  })) {
    const key = field as keyof ClaimDetails;
    issues.push({ path: DETAILS_PATHS[key] ?? ["insuredInformation", field], message });
  }

  if (payload.basicInformation.claimType === "Death") {
    const beneficiaries = beneficiariesSchema.safeParse(inputs.beneficiaries);
    if (!beneficiaries.success) {
      for (const issue of beneficiaries.error.issues) {
        const [index, ...field] = issue.path;
        const path: Path =
          typeof index === "number"
            ? ["beneficiaryList", index, ...field.map((step) => String(step))]
            : ["beneficiaryList"];
        issues.push({ path, message: issue.message });
      }
    }
  } else {
    const payout = payoutSchema.safeParse(inputs.payout);
    if (!payout.success) {
      for (const issue of payout.error.issues) {
        issues.push({
          path: PAYOUT_PATHS[String(issue.path[0])] ?? ["payoutInformation"],
          message: issue.message,
        });
      }
    }
  }

  // Whatever the rules accept must also be what the builder makes of it: derived values (dates
  // of loss, flags, hasForm, bank names) and the fields of other claim types ("") included.
  if (issues.length === 0) {
    const rebuilt = buildClaimPayload({ ...inputs, channel: "corporate-website", today });
    const { basicInformation: basic } = payload;
    // Only the claim's own keys: a finalSubmitClaim body also carries the common call fields.
    const submitted: ClaimPayload = {
      basicInformation: {
        claimType: basic.claimType,
        causeOfLoss: basic.causeOfLoss,
        natureOfDeath: basic.natureOfDeath,
        isFirstSubmit: basic.isFirstSubmit,
      },
      policyInformation: payload.policyInformation,
      insuredInformation: payload.insuredInformation,
      beneficiaryList: payload.beneficiaryList,
      payoutInformation: payload.payoutInformation,
    };
    const path = firstDifference(submitted, rebuilt);
    if (path) issues.push({ path, message: F.payloadMismatch });
  }
  return issues;
}

const rulesCheck = z.superRefine<ClaimPayload>((payload, ctx) => {
  for (const { path, message } of claimPayloadIssues(payload)) {
    ctx.issues.push({ code: "custom", message, path, input: payload });
  }
});

/** The claim part of finalSubmitClaim, exactly as buildClaimPayload makes it. */
export const claimPayloadSchema = claimPayloadObject.check(rulesCheck);

/**
 * The finalSubmitClaim body the server receives: the claim, the company and channel beside its
 * basic information, what every claim call carries (webReferenceNumber, agentCode), and the
 * declarations the claimant agreed to (beside the claim, not part of section 3's payload).
 */
export const finalSubmitClaimSchema = z
  .object({
    // resetOneTimePIN's body is exactly the common part of a claim call.
    ...resetOneTimePinSchema.shape,
    basicInformation: z.object({ ...basicInformationSchema.shape, ...claimBasicShape }),
    ...claimShape,
    // Missing altogether reads as none agreed, so each declaration gets its own message.
    declarations: z.prefault(declarationsSchema, {} as Declarations),
  })
  .check(
    z.superRefine<ClaimPayload>(
      (payload, ctx) => {
        for (const { path, message } of claimPayloadIssues(payload)) {
          ctx.issues.push({ code: "custom", message, path, input: payload });
        }
      },
      // The claim's rules still run when only declarations are missing: one answer names both.
      { when: (payload) => payload.issues.every((issue) => issue.path?.[0] === "declarations") },
    ),
  );

export type FinalSubmitClaim = z.infer<typeof finalSubmitClaimSchema>;
