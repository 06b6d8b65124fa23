import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { ServerConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/database.ts";
import { TestClock, testApp, testConfig } from "./test-app.ts";
import { openTestDatabase, type TestDatabase } from "./test-database.ts";

// The set-up every server test file shares: one database for the file, emptied before each test,
// and an app on it built for each test (or once for the file), closed after it.

type Env = Record<string, string>;

export type ServerTestOptions = {
  /** On top of testConfig's; a function is read when the app is built, after earlier hooks ran. */
  env?: Env | (() => Env);
  /** Configuration set in code, as testConfig's overrides. */
  overrides?: Partial<ServerConfig>;
  /** A TestClock drives the app's time (the default); false leaves it on the real clock. */
  clock?: boolean;
  /** Keeps every log line the app writes in logLines; LOG_LEVEL is trace unless env sets it. */
  logs?: boolean;
  /** A fresh folder for the uploaded documents, given to the app as KALINGA_DOCUMENTS_DIR. */
  documentsDir?: boolean;
  /** false: no app is built until restart() is called; the database and clock are still set. */
  app?: boolean;
  /** "test" (the default): a fresh app and empty tables per test; "file": one app for the file. */
  scope?: "test" | "file";
};

type RestartOptions = {
  overrides?: Partial<ServerConfig>;
  /** Closes and opens the database again on the same data first, as a server restart does. */
  reopenDatabase?: boolean;
};

export type ServerTest = {
  readonly database: TestDatabase;
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly clock: TestClock;
  readonly config: ServerConfig;
  /** Log lines of this test's apps (of the file's, with scope "file"). */
  readonly logLines: string[];
  readonly documentsDir: string;
  /**
   * Closes the app, if one runs, and builds another with `env` on top of the options' env; it is
   * closed with the test like the first.
   */
  restart(env?: Env, options?: RestartOptions): Promise<FastifyInstance>;
};

/** Registers the Vitest hooks of a server test file (or describe block) and returns its handle. */
export function useServerTest(options: ServerTestOptions = {}): ServerTest {
  const perTest = options.scope !== "file";
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let config: ServerConfig | undefined;
  let clock: TestClock | undefined;
  let documentsDir: string | undefined;
  let logLines: string[] = [];

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) {
      throw new Error(`${name} is not set: read it inside a test or hook, with the option on.`);
    }
    return value;
  };

  async function build(env: Env = {}, overrides: Partial<ServerConfig> = {}) {
    const fileEnv = typeof options.env === "function" ? options.env() : (options.env ?? {});
    config = testConfig(
      {
        ...(options.logs ? { LOG_LEVEL: "trace" } : {}),
        ...(documentsDir ? { KALINGA_DOCUMENTS_DIR: documentsDir } : {}),
        ...fileEnv,
        ...env,
      },
      { ...(clock ? { now: clock.now } : {}), ...options.overrides, ...overrides },
    );
    const logStream = options.logs
      ? { write: (line: string) => void logLines.push(line) }
      : undefined;
    app = await testApp(ready(database, "database").db, config, logStream);
    return app;
  }

  async function setUp() {
    if (perTest) await ready(database, "database").reset();
    if (options.documentsDir) {
      documentsDir = await mkdtemp(path.join(tmpdir(), "kalinga-test-documents-"));
    }
    clock = options.clock === false ? undefined : new TestClock();
    logLines = [];
    if (options.app !== false) await build();
  }

  async function tearDown() {
    await app?.close();
    app = undefined;
    config = undefined;
    if (documentsDir) await rm(documentsDir, { recursive: true, force: true });
    documentsDir = undefined;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    if (!perTest) await setUp();
  });
  afterAll(async () => {
    if (!perTest) await tearDown();
    await database?.close();
  });
  if (perTest) {
    beforeEach(setUp);
    afterEach(tearDown);
  }

  return {
    get database() {
      return ready(database, "database");
    },
    get db() {
      return ready(database, "database").db;
    },
    get app() {
      return ready(app, "app");
    },
    get clock() {
      return ready(clock, "clock");
    },
    get config() {
      return ready(config, "config");
    },
    get logLines() {
      return logLines;
    },
    get documentsDir() {
      return ready(documentsDir, "documentsDir");
    },
    async restart(env = {}, restartOptions = {}) {
      await app?.close();
      app = undefined;
      if (restartOptions.reopenDatabase) await ready(database, "database").reopen();
      return build(env, restartOptions.overrides);
    },
  };
}
