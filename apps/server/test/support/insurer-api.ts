import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../src/db/database.ts";

// The insurer integration API as its tests call it: with the development insurer key, a claim
// read whole, and the claimant's messages queued by the changes.

export const INSURER_KEY = "kalinga-dev-insurer-key";

/** A call under /api/insurer with the insurer key, or another Authorization, or none (null). */
export function insurer(
  app: FastifyInstance,
  method: "GET" | "POST",
  url: string,
  body?: unknown,
  authorization: string | null = `Bearer ${INSURER_KEY}`,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export type ClaimView = {
  status: string;
  statusLabel: string;
  allowedNextStatuses: string[];
  payload: { insuredInformation: { firstName: string } };
  documents: {
    id: string;
    slot: string;
    name: string;
    size: number;
    sha256: string;
    downloadPath: string;
  }[];
  requirements: {
    id: string;
    state: string;
    description: string;
    dueDate: string;
    replaces: string | null;
  }[];
  events: {
    kind: string;
    from: string | null;
    to: string | null;
    actor: { kind: string; id: string };
  }[];
  clocks: {
    daysOpen: number;
    daysWaitingOnClaimant: number;
    daysWaitingOnInsurer: number;
    deathClaimDaysLeft: number | null;
    serviceLevelDaysLeft: number;
  };
  policyNumber: string | null;
  matchCode: number | null;
  policyNumberDisplay: string | null;
};

/** The claim as the insurer reads it; the read must succeed. */
export async function readInsurerClaim(
  app: FastifyInstance,
  reference: string,
): Promise<ClaimView> {
  const response = await insurer(app, "GET", `/claims/${reference}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ClaimView;
}

/** Every SMS and e-mail queued, oldest first. */
export async function queuedNotifications(
  db: Database,
): Promise<{ channel: string; recipient: string; subject: string | null; body: string }[]> {
  const { rows } = await db.query<{
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
  }>("SELECT channel, recipient, subject, body FROM notifications ORDER BY seq");
  return rows;
}
