import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

// The insurer's core claims system calling /api/insurer with the development key, as the tests
// that follow a claim past its submit need it.

const INSURER_AUTHORIZATION = "Bearer kalinga-dev-insurer-key";

/** A call of the insurer's API; a body makes it JSON. */
export function callInsurer(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT",
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/insurer${url}`,
    headers: {
      authorization: INSURER_AUTHORIZATION,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

export type Requirement = {
  documentCd: string | null;
  description: string;
  dueDate: string | null;
};

/** The insurer asks for more documents; the ids of the items it asked for. */
export async function askForRequirements(
  app: FastifyInstance,
  webReferenceNumber: string,
  requirements: Requirement[],
): Promise<string[]> {
  const asked = await callInsurer(app, "POST", `/claims/${webReferenceNumber}/requirements`, {
    requirements,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return (asked.json() as { requirementIds: string[] }).requirementIds;
}

/** The two items the tracking tests ask for: the hospital bill's receipt and the police report. */
export function receiptAndPoliceReport(
  receiptDue: string | null = null,
  reportDue: string | null = receiptDue,
): Requirement[] {
  return [
    { documentCd: null, description: "Official receipt of the hospital bill", dueDate: receiptDue },
    { documentCd: null, description: "Police report of the collision", dueDate: reportDue },
  ];
}
