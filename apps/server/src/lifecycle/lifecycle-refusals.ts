import type { LifecycleRefusal } from "./lifecycle-service.ts";

// How each refusal of the lifecycle is answered over HTTP, the same for the console and the
// integration API (docs/decisions/0070): its status, and the field and the rule at fault. Each API
// family words the message in its own texts and answers in its own shape.

export type RefusalAnswer = { statusCode: 400 | 404 | 409; field: string; rule: string };

export const LIFECYCLE_REFUSAL_ANSWERS: Record<LifecycleRefusal["refused"], RefusalAnswer> = {
  "not-found": { statusCode: 404, field: "webReferenceNumber", rule: "exists" },
  "requirement-not-found": { statusCode: 404, field: "id", rule: "exists" },
  "unknown-status": { statusCode: 400, field: "status", rule: "one-of" },
  "not-allowed": { statusCode: 409, field: "status", rule: "allowed-next-status" },
  "needs-requirements": { statusCode: 409, field: "status", rule: "ask-for-requirements" },
  "needs-decision": { statusCode: 409, field: "decision", rule: "required-for-status" },
  "requirements-not-overdue": {
    statusCode: 409,
    field: "status",
    rule: "every-open-item-past-due",
  },
  "reopen-period-over": { statusCode: 409, field: "status", rule: "within-reopen-period" },
};
