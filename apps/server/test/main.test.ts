import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postClaimCall } from "./support/process-client.ts";
import { exited, runServer, startServer } from "./support/server-process.ts";
import { basicInformation, PRODUCTION_ENV } from "./support/test-app.ts";
import { serverDatabaseEnv } from "./support/test-database.ts";

// main.ts as a real process: it starts, answers, closes on SIGTERM, refuses a bad configuration,
// and keeps what it acknowledged when it is killed outright.

const post = (baseUrl: string, call: string, body: unknown, token?: string) =>
  postClaimCall<Record<string, string>>(baseUrl, call, body, token);

let database: Awaited<ReturnType<typeof serverDatabaseEnv>>;
beforeAll(async () => {
  database = await serverDatabaseEnv();
});
afterAll(async () => {
  await database.cleanUp();
});

describe("main.ts", () => {
  // Two server processes started one after the other: room for a loaded machine.
  test("a code acknowledged before the process is killed validates after a restart", {
    timeout: 90_000,
  }, async () => {
    const first = await startServer(database.env);
    const init = await post(first.baseUrl, "initClaimRequest", { basicInformation });
    const { webReferenceNumber, token } = init.body as {
      webReferenceNumber: string;
      token: string;
    };
    const sent = await post(
      first.baseUrl,
      "requestOneTimePIN",
      {
        basicInformation,
        webReferenceNumber,
        countryCode: "63",
        mobileNumber: "9171230000",
        firstName: "Ana",
      },
      token,
    );
    expect(sent.status).toBe(200);
    const outbox = (await (
      await fetch(`${first.baseUrl}/api/dev/outbox?to=639171230000`)
    ).json()) as {
      messages: { text: string }[];
    };
    const code = outbox.messages[0]?.text.match(/\d{6}/)?.[0] ?? "";
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startServer(database.env);
    try {
      const validated = await post(
        second.baseUrl,
        "validateOneTimePIN",
        { basicInformation, webReferenceNumber, oneTimePIN: code },
        token,
      );
      expect(validated.status).toBe(200);
      expect(validated.body.returnCode).toBe("0");
    } finally {
      second.child.kill("SIGTERM");
      expect(await exited(second.child)).toBe(0);
    }
  });

  test("prints the demo pages and closes with exit code 0 on SIGTERM", async () => {
    const running = await startServer(database.env);
    expect(running.output()).toContain("/help-support/claims/cf");
    expect(running.output()).toContain("/bank-life/help-support/claims/cf");
    expect((await fetch(`${running.baseUrl}/healthz`)).status).toBe(200);
    running.child.kill("SIGTERM");
    expect(await exited(running.child)).toBe(0);
  });

  test("started plainly (no NODE_ENV, no KALINGA_DEMO) it serves no development route or demo page", async () => {
    const running = await startServer({
      ...database.env,
      NODE_ENV: undefined,
      KALINGA_DEMO: undefined,
      LOG_LEVEL: "warn",
    });
    try {
      expect(running.output()).toContain("Kalinga server (development)");
      // No published secret or key is trusted: the portals and the integration API are off, and say so.
      expect(running.output()).toContain("The member portal and agent assist are off");
      expect(running.output()).toContain("The insurer integration API is off");
      const insurer = await fetch(`${running.baseUrl}/api/insurer/claims`, {
        headers: { authorization: "Bearer kalinga-dev-insurer-key" },
      });
      expect(insurer.status).toBe(503);
      expect(running.output()).not.toContain("demo page:");
      expect(running.output()).toContain("npm start) sets KALINGA_DEMO=true");
      for (const path of [
        "/api/dev/outbox?to=639171230000",
        "/api/dev/email-outbox?to=maria%40example.ph",
        "/help-support/claims/cf",
      ]) {
        expect((await fetch(`${running.baseUrl}${path}`)).status, path).toBe(404);
      }
      expect((await fetch(`${running.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      running.child.kill("SIGTERM");
      await exited(running.child);
    }
  });

  async function refusal(env: Record<string, string | undefined>): Promise<string> {
    const child = runServer({ ...database.env, KALINGA_DEMO: undefined, ...env });
    let output = "";
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    expect(await exited(child)).toBe(1);
    return output;
  }

  test("refuses to start in production without api keys", async () => {
    expect(await refusal({ NODE_ENV: "production" })).toContain(
      "Configuration error: KALINGA_API_KEYS is required in production",
    );
  });

  test("refuses production with the outbox SMS provider or with KALINGA_DEMO=true", async () => {
    const production = {
      ...PRODUCTION_ENV,
      SMS_PROVIDER: undefined,
      SMS_HTTP_URL: undefined,
      SMS_HTTP_TOKEN: undefined,
    };
    expect(await refusal(production)).toContain(
      "Configuration error: SMS_PROVIDER must be http in production",
    );
    expect(await refusal({ ...PRODUCTION_ENV, KALINGA_DEMO: "true" })).toContain(
      "Configuration error: KALINGA_DEMO=true cannot run with NODE_ENV=production",
    );
  });
});
