import pg from "pg";
import { JOURNEY_SLOTS, type JourneyDone } from "./claim-journey.ts";
import type { SmsSink } from "./message-sinks.ts";

// What a run of whole journeys left, counted: per acknowledged journey one submitted claim, one
// stored document per slot, one sent row per channel and one message at each gateway.

export type Tally = { lost: number; duplicated: number };
export type Counts = {
  claims: Tally;
  documents: Tally;
  notifications: Tally;
  delivered: Tally;
  retaken: number;
};

/** Lost: fewer than one per expected thing; duplicated: more than one. */
function tally(expected: string[], counts: Map<string, number>): Tally {
  let lost = 0;
  let duplicated = 0;
  for (const key of expected) {
    const count = counts.get(key) ?? 0;
    if (count === 0) lost++;
    else duplicated += count - 1;
  }
  return { lost, duplicated };
}

const countsOf = (rows: { key: string; n: string }[]) =>
  new Map(rows.map((row) => [row.key, Number(row.n)]));

/** What the gateways took during a run: each SMS, and each e-mail's recipients. */
export type Received = { sms: SmsSink["received"]; mail: string[][] };

/** Counts, in the database and at the gateways, what each acknowledged journey left. */
export async function countJourneys(
  url: string,
  done: JourneyDone[],
  received: Received,
): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const emails = done.map((journey) => journey.email);
    const claims = await client.query<{ key: string; n: string }>(
      `SELECT s.payload->'insuredInformation'->>'emailAddress' AS key, count(*) AS n
       FROM claim_submissions s GROUP BY 1`,
    );
    const documents = await client.query<{ key: string; n: string }>(
      `SELECT c.web_reference_number || ' ' || d.slot_key AS key, count(*) AS n
       FROM claim_documents d JOIN claims c ON c.id = d.claim_id
       WHERE d.status = 'stored' GROUP BY 1`,
    );
    const notifications = await client.query<{ key: string; n: string }>(
      `SELECT c.web_reference_number || ' ' || n.channel AS key, count(*) AS n
       FROM notifications n JOIN claims c ON c.id = n.claim_id
       WHERE n.status = 'sent' GROUP BY 1`,
    );
    const retaken = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM notifications WHERE attempts > 1",
    );
    const channels = ["sms", "email"];
    const delivered = new Map<string, number>();
    const add = (key: string) => delivered.set(key, (delivered.get(key) ?? 0) + 1);
    for (const message of received.sms) {
      const reference = done.find(
        (journey) =>
          `63${journey.mobile}` === message.to &&
          message.message.includes(journey.webReferenceNumber),
      );
      if (reference) add(`${reference.webReferenceNumber} sms`);
    }
    for (const recipients of received.mail) {
      const reference = done.find((journey) => recipients.includes(journey.email));
      if (reference) add(`${reference.webReferenceNumber} email`);
    }
    const perChannel = done.flatMap((journey) =>
      channels.map((channel) => `${journey.webReferenceNumber} ${channel}`),
    );
    return {
      claims: tally(emails, countsOf(claims.rows)),
      documents: tally(
        done.flatMap((journey) =>
          JOURNEY_SLOTS.map((slot) => `${journey.webReferenceNumber} ${slot}`),
        ),
        countsOf(documents.rows),
      ),
      notifications: tally(perChannel, countsOf(notifications.rows)),
      delivered: tally(perChannel, delivered),
      retaken: Number(retaken.rows[0]?.n),
    };
  } finally {
    await client.end();
  }
}
