import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ServerConfig } from "./config.ts";

// KALINGA_SECRET keys the OTP and rate-limit hashes. Production must set it (loadConfig refuses to
// start otherwise); elsewhere one is generated once and kept in the data folder, so codes sent
// before a restart still validate after it.

const SECRET_FILE = "secret.key";

export async function resolveSecret(config: ServerConfig): Promise<string> {
  if (config.secret) return config.secret;
  if (config.mode === "production") throw new Error("KALINGA_SECRET is required in production.");
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    const kept = (await readFile(file, "utf8")).trim();
    if (kept.length >= 32) return kept;
  } catch {
    // No secret kept yet: make one below.
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": when two servers start together, the first file written wins and both read it.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return (await readFile(file, "utf8")).trim();
  }
}
