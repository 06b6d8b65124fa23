import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "../src/config.ts";

// The container image and the compose file (decision 0105), checked where no container can run:
// the image runs as a user of its own with health checks, the compose file's containers are
// read-only, migrations run as the owner role before the server, and the server's settings there
// are ones the server accepts in production.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
};
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`deploy/compose.yaml has no service ${name}`);
  return found;
};

/** ${NAME:?message} and ${NAME:-default} filled in as an operator's env file would. */
function interpolated(environment: Record<string, string> = {}): Record<string, string> {
  const sample = (name: string) =>
    name === "KALINGA_SECRET"
      ? "s".repeat(40)
      : `${name.toLowerCase().replaceAll("_", "-")}-value-0123456789abcdef`;
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      String(value).replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_all, variable, kind, rest) => {
        if (variable === "SMS_HTTP_URL") return "https://sms.gateway.example/send";
        if (variable === "SMTP_URL") return "smtp://mailer:secret@mail.example:587";
        if (variable === "EMAIL_FROM") return "Claims <claims@insurer.example>";
        if (variable === "KALINGA_DOCUMENT_KEYS")
          return `k1:${Buffer.alloc(32, 7).toString("base64")}`;
        return kind === "-" ? rest : sample(variable);
      }),
    ]),
  );
}

describe("deploy/compose.yaml", () => {
  test("Kalinga's containers run the image read-only with only /tmp writable, and no privileges", () => {
    for (const name of ["kalinga", "migrate"]) {
      const container = service(name);
      expect(container.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
      expect(container.read_only, name).toBe(true);
      expect(container.tmpfs, name).toEqual(["/tmp"]);
      expect(container.cap_drop, name).toEqual(["ALL"]);
    }
    expect(service("kalinga").volumes).toEqual(["kalinga-data:/data"]);
  });

  test("the migrate job runs npm run migrate's command as the owner role before the server starts", () => {
    const migrate = service("migrate");
    const command = migrate.command ?? [];
    expect(command.slice(0, 1)).toEqual(["node"]);
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.migrate).toBe(`node ${command[1]}`);
    expect(existsSync(path.join(root, command[1] ?? ""))).toBe(true);
    expect(migrate.environment?.DATABASE_MIGRATION_URL).toMatch(/^postgres:\/\/kalinga_owner:/);
    expect(migrate.depends_on?.postgres).toEqual({ condition: "service_healthy" });

    const kalinga = service("kalinga");
    expect(kalinga.environment?.DATABASE_MIGRATION_URL).toBeUndefined();
    expect(kalinga.environment?.DATABASE_URL).toMatch(/^postgres:\/\/kalinga_app:/);
    expect(kalinga.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      "minio-bucket": { condition: "service_completed_successfully" },
      migrate: { condition: "service_completed_successfully" },
    });
    // The database's init script makes exactly the two roles the URLs name.
    const init = read("deploy/postgres-init/10-kalinga-roles.sh");
    expect(init).toContain("CREATE ROLE kalinga_owner LOGIN");
    expect(init).toContain("CREATE ROLE kalinga_app LOGIN");
    expect(init).toContain("CREATE DATABASE kalinga OWNER kalinga_owner");
  });

  test("every service that others wait on has a health check, and Kalinga's asks /healthz and /readyz", () => {
    for (const name of ["postgres", "minio", "kalinga"]) {
      expect(service(name).healthcheck?.test, name).toBeDefined();
    }
    const probe = JSON.stringify(service("kalinga").healthcheck?.test);
    expect(probe).toContain("/healthz");
    expect(probe).toContain("/readyz");
  });

  test("the server's settings are ones a production server accepts: S3 documents, no migration at start", () => {
    const config = loadConfig(interpolated(service("kalinga").environment));
    expect(config.mode).toBe("production");
    expect(config.migrateOnStart).toBe(false);
    expect(config.documents.store).toBe("s3");
    expect(config.sms.provider).toBe("http");
    expect(config.email.provider).toBe("smtp");
    const migrate = loadConfig(interpolated(service("migrate").environment));
    expect(migrate.databaseMigrationUrl).toMatch(/^postgres:\/\/kalinga_owner:/);
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  test("the image runs main.ts as the node user, with a health check and /data as its only volume", () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^USER root$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/healthz.*\/readyz/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toContain("KALINGA_DATA_DIR=/data");
    expect(runtime).toMatch(/^CMD \["node", "apps\/server\/src\/main.ts"\]$/m);
    // The build stage's tools stay behind: dev dependencies are pruned before the copy.
    expect(dockerfile).toContain("npm prune --omit=dev");
  });

  test("the build context leaves out installed and built files and the repository's history", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "**/dist", ".git", "data"]) {
      expect(ignored).toContain(entry);
    }
  });
});
