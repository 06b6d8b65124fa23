import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { type ReceivedMail, startSmtpStandIn } from "../smtp-stand-in.ts";

// What the production-like run starts beside Kalinga, as the compose file's services do: a fresh
// PostgreSQL database with an owner role and a runtime role, an S3-compatible store in a process of
// its own, and local stand-ins for the SMS gateway and the mail server that keep what they got.

/** A process started by the run: its output kept for the account of a failure. */
export type Started = { child: ChildProcess; output: () => string };

export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Resolves with the exit code once the process ends. */
export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export type Database = {
  name: string;
  /** The owner role's URL: DATABASE_MIGRATION_URL. */
  ownerUrl: string;
  /** The runtime role's URL: DATABASE_URL. */
  runtimeUrl: string;
  /** A query as the administrator, on the new database. */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * A database of its own, owned by a new owner role, and a runtime role that owns nothing and gets
 * its rights from the migrations command; all dropped again by drop().
 */
export async function createDatabase(adminUrl: string, name: string): Promise<Database> {
  const owner = `${name}_owner`;
  const runtime = `${name}_app`;
  const passwords = {
    owner: randomBytes(12).toString("hex"),
    runtime: randomBytes(12).toString("hex"),
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE ROLE ${quoted(owner)} LOGIN PASSWORD '${passwords.owner}'`);
  await admin.query(`CREATE ROLE ${quoted(runtime)} LOGIN PASSWORD '${passwords.runtime}'`);
  await admin.query(`CREATE DATABASE ${quoted(name)} OWNER ${quoted(owner)}`);
  const urlOf = (role: string, password: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.password = password;
    url.pathname = `/${name}`;
    return url.toString();
  };
  const onDatabase = new URL(adminUrl);
  onDatabase.pathname = `/${name}`;
  const inDatabase = new pg.Client({ connectionString: onDatabase.toString() });
  await inDatabase.connect();
  // PostgreSQL before 15 lets every role create in the public schema: only the owner may here.
  await inDatabase.query(`ALTER SCHEMA public OWNER TO ${quoted(owner)}`);
  await inDatabase.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
  return {
    name,
    ownerUrl: urlOf(owner, passwords.owner),
    runtimeUrl: urlOf(runtime, passwords.runtime),
    async query(sql, params) {
      return (await inDatabase.query(sql, params)).rows;
    },
    async drop() {
      await inDatabase.end();
      await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${quoted(runtime)}`);
      await admin.query(`DROP ROLE IF EXISTS ${quoted(owner)}`);
      await admin.end();
    },
  };
}

type Sms = { to: string; from: string; message: string };
export type Gateway = { url: string; token: string; received: Sms[]; close(): Promise<void> };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The SMS gateway's stand-in: JSON POSTs with the bearer token are kept, others refused. */
export async function startSmsGateway(): Promise<Gateway> {
  const token = randomBytes(16).toString("hex");
  const received: Sms[] = [];
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    if (request.method !== "POST" || request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401).end();
      return;
    }
    received.push(JSON.parse(body) as Sms);
    response.writeHead(202, { "content-type": "application/json" }).end('{"accepted":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    token,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export type MailServer = { url: string; received: ReceivedMail[]; close(): Promise<void> };

/** The mail server's stand-in: SMTP with a login, every message kept. */
export async function startMailServer(): Promise<MailServer> {
  const user = "kalinga-mailer";
  const password = randomBytes(12).toString("hex");
  const server = await startSmtpStandIn({ user, password });
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${server.port}`,
    received: server.received,
    close: server.close,
  };
}
