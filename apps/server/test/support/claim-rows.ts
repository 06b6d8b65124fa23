import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";

// One shape of a submitted claim's payload for the tests and the million-claim bench: the
// accident fixture with the fields the queue, its search, the agent's report, tracking and a data
// subject's look-up read put
// in place, in TypeScript for a few claims and in SQL (jsonb_set) for a million from a seed table.

/** What varies from claim to claim, each where the payload keeps it. */
const PLACES = {
  webReferenceNumber: ["webReferenceNumber"],
  firstName: ["insuredInformation", "firstName"],
  lastName: ["insuredInformation", "lastName"],
  mobile: ["insuredInformation", "phoneNumber"],
  emailAddress: ["insuredInformation", "emailAddress"],
  policyNumber: ["policyInformation", "policyNumber"],
  claimType: ["basicInformation", "claimType"],
  causeOfLoss: ["basicInformation", "causeOfLoss"],
} as const;

export type ClaimDetails = { [field in keyof typeof PLACES]?: string };

/** The accident fixture's payload with the details given in their places. */
export function claimPayloadWith(details: ClaimDetails): typeof accidentPayload {
  const payload = structuredClone(accidentPayload) as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(details)) {
    const path = PLACES[field as keyof typeof PLACES];
    if (value === undefined || path === undefined) continue;
    let section = payload;
    for (const key of path.slice(0, -1)) section = section[key] as Record<string, unknown>;
    section[path[path.length - 1] as string] = value;
  }
  return payload as unknown as typeof accidentPayload;
}

/**
 * The same payload as an SQL expression: `fixture` is the accident fixture as jsonb (a parameter)
 * and each detail an SQL expression of text, usually a column of the seed table.
 */
export function claimPayloadSql(fixture: string, details: ClaimDetails): string {
  let sql = fixture;
  for (const [field, expression] of Object.entries(details)) {
    const path = PLACES[field as keyof typeof PLACES];
    if (expression === undefined || path === undefined) continue;
    sql = `jsonb_set(${sql}, '{${path.join(",")}}', to_jsonb((${expression})::text))`;
  }
  return sql;
}

/** The accident fixture as the parameter claimPayloadSql reads. */
export const fixtureParameter = () => JSON.stringify(accidentPayload);
