// How every setting is read from the environment: one reader per kind of value, each failing with
// a message that names the variable, so a bad deployment stops at start-up and says why.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export type Env = Record<string, string | undefined>;

export function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  }
  return value;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

export function list(env: Env, name: string): string[] {
  return (text(env, name) ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function origins(env: Env, name: string): string[] {
  return list(env, name).map((value) => {
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      throw new ConfigError(`${name}: "${value}" is not an origin like https://www.example.ph.`);
    }
    if (origin !== value.replace(/\/$/, "")) {
      throw new ConfigError(`${name}: "${value}" must be an origin only (scheme, host, port).`);
    }
    return origin;
  });
}

export function httpUrl(env: Env, name: string): string {
  const raw = text(env, name);
  if (raw === null) throw new ConfigError(`${name} is required when SMS_PROVIDER=http.`);
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be an http(s) URL, got "${raw}".`);
}
