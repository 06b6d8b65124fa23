/**
 * The yardstick of the API benchmark: a bare Fastify route doing one PostgreSQL insert and nothing
 * else. PORT to listen on (loopback); DATABASE_URL for PostgreSQL, else PGlite in KALINGA_DATA_DIR.
 */
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";

type Insert = (companyName: string, channelName: string) => Promise<void>;
type Database = { insert: Insert; close: () => Promise<void> };

const table = "bench_bare_claim_request";
const createTable = `create table if not exists ${table} (
  id bigserial primary key,
  company_name text not null,
  channel_name text not null,
  created_at timestamptz not null default now()
)`;
const insertRow = `insert into ${table} (company_name, channel_name) values ($1, $2)`;

async function openDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    await pool.query(createTable);
    return {
      insert: async (companyName, channelName) => {
        await pool.query(insertRow, [companyName, channelName]);
      },
      close: async () => {
        await pool.query(`drop table if exists ${table}`);
        await pool.end();
      },
    };
  }
  const db = await PGlite.create(process.env.KALINGA_DATA_DIR ?? "memory://");
  await db.exec(createTable);
  return {
    insert: async (companyName, channelName) => {
      await db.query(insertRow, [companyName, channelName]);
    },
    close: () => db.close(),
  };
}

type ClaimRequestBody = { basicInformation?: { companyName?: unknown; channelName?: unknown } };

const database = await openDatabase();
const app = Fastify({ logger: false });
app.get("/healthz", async () => ({ status: "ok" }));
app.post<{ Body: ClaimRequestBody }>("/bare/initClaimRequest", async (request) => {
  const info = request.body?.basicInformation;
  await database.insert(String(info?.companyName ?? ""), String(info?.channelName ?? ""));
  return { returnCode: "0" };
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
