import { audit } from "../console/audit-log.ts";
import type { Database } from "../db/database.ts";
import type { Actor } from "../lifecycle/lifecycle-repository.ts";

// Every read through the insurer API is an audit row naming the key that read (decision 0064).

export type InsurerAudit = (
  actor: Actor,
  action: string,
  webReferenceNumber: string | null,
  detail?: Record<string, unknown>,
) => Promise<void>;

export function insurerAudit(db: Database, now: () => Date): InsurerAudit {
  return (actor, action, webReferenceNumber, detail = {}) =>
    audit(
      db,
      {
        staffId: null,
        staffEmail: null,
        integrationKey: actor.id,
        action,
        webReferenceNumber,
        detail,
      },
      now(),
    );
}
