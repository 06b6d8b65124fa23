import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatement } from "../src/db/database.ts";
import { openTestDatabase, type TestDatabase } from "./support/test-database.ts";

// The claim calls' statements are prepared once per connection (decision 0113). A migration that
// changes what a prepared statement answers must not break the servers that prepared it.

const readNotes = preparedStatement("notes-read", "SELECT * FROM prepared_notes ORDER BY id");

describe("prepared statements", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase({ migrate: false });
    await test.db.query("CREATE TABLE prepared_notes (id int PRIMARY KEY, words text NOT NULL)");
    await test.db.query("INSERT INTO prepared_notes VALUES (1, 'first'), (2, 'second')");
  });
  afterAll(() => test.close());

  it("answers as its text does, on every connection that prepared it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => test.db.query<{ words: string }>(readNotes)),
    );
    for (const answer of answers) {
      expect(answer.rows.map((row) => row.words)).toEqual(["first", "second"]);
    }
  });

  it("answers with the new shape after a migration changed the table it reads", async () => {
    await Promise.all(Array.from({ length: 8 }, () => test.db.query(readNotes)));
    await test.db.query("ALTER TABLE prepared_notes ADD COLUMN written_by text DEFAULT 'staff'");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => test.db.query<{ written_by: string }>(readNotes)),
    );
    for (const answer of answers) {
      expect(answer.rows.map((row) => row.written_by)).toEqual(["staff", "staff"]);
    }
  });

  it("fails a transaction once on a stale plan, and the next call runs on a fresh connection", async () => {
    await Promise.all(Array.from({ length: 8 }, () => test.db.query(readNotes)));
    await test.db.query("ALTER TABLE prepared_notes ADD COLUMN read_at timestamptz");
    const inTransactions = await Promise.allSettled(
      Array.from({ length: 8 }, () => test.db.transaction((tx) => tx.query(readNotes))),
    );
    // PGlite keeps no prepared plans: there every transaction reads the new shape.
    const failed = inTransactions.filter((outcome) => outcome.status === "rejected");
    if (test.kind === "pglite") expect(failed).toHaveLength(0);
    for (const outcome of failed) {
      expect(String(outcome.reason)).toMatch(/cached plan must not change result type/);
    }
    const after = await Promise.all(
      Array.from({ length: 8 }, () => test.db.transaction((tx) => tx.query(readNotes))),
    );
    for (const answer of after) expect(Object.keys(answer.rows[0] ?? {})).toContain("read_at");
  });
});
