import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { submittedClaim } from "./support/claimant.ts";
import { useServerTest } from "./support/server-test.ts";
import { serverDatabaseEnv } from "./support/test-database.ts";

// The insurer's policy records (decision 0057): the import command on a file with bad rows, the
// integration API's upsert, and the match that sets a claim's matchCode and policy number at submit.

const server = useServerTest({ documentsDir: true, env: { NOTIFICATION_POLL_MS: "600000" } });
const KEY = "Bearer kalinga-dev-insurer-key";
const HEADER =
  "companyName,policyNumber,policyType,status,insuredFirstName,insuredMiddleName,insuredLastName,insuredSuffix,insuredDateOfBirth,ownerFirstName,ownerLastName,ownerMobile,ownerEmail,agentCode";
// The test claim's insured: Jose P Rizal, born 5 March 1980, policy 1234567890.
const jose = {
  companyName: "Kalinga Life",
  policyNumber: "1234567890",
  policyType: "Individual",
  status: "in-force",
  insuredFirstName: "Jose",
  insuredLastName: "Rizal",
  insuredDateOfBirth: "1980-03-05",
  ownerFirstName: "Jose",
  ownerLastName: "Rizal",
  ownerMobile: "9171234567",
};

function putPolicies(policies: unknown) {
  return server.app.inject({
    method: "POST",
    url: "/api/insurer/policies",
    headers: { authorization: KEY, "content-type": "application/json" },
    payload: JSON.stringify({ policies }),
  });
}

async function matchOf(ref: string) {
  const view = await server.app.inject({
    method: "GET",
    url: `/api/insurer/claims/${ref}`,
    headers: { authorization: KEY },
  });
  return view.json() as {
    matchCode: number | null;
    policyNumber: string | null;
    policyNumberDisplay: string | null;
  };
}

describe("the integration API's policy records", () => {
  test("adds, updates, leaves the same record alone, and reports the refused rows by number", async () => {
    const first = await putPolicies([
      jose,
      { ...jose, policyNumber: "2234567890", status: "lapsed" },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ inserted: 2, updated: 0, unchanged: 0, rejected: [] });
    const second = await putPolicies([
      jose,
      { ...jose, policyNumber: "2234567890", status: "in-force" },
      { ...jose, policyNumber: "12", insuredDateOfBirth: "05/03/1980" },
    ]);
    expect(second.json()).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 1,
      rejected: [
        {
          row: 3,
          errors: [
            { field: "policyNumber", message: "A policy number has 10 digits." },
            { field: "insuredDateOfBirth", message: "Use yyyy-MM-dd." },
          ],
        },
      ],
    });
    expect((await putPolicies([])).statusCode).toBe(400);
    const keyless = await server.app.inject({
      method: "POST",
      url: "/api/insurer/policies",
      payload: { policies: [jose] },
    });
    expect(keyless.statusCode).toBe(401);
  });
});

describe("the match at submit", () => {
  test("no records: the claim keeps no matchCode", async () => {
    expect(await matchOf((await submittedClaim(server.app)).webReferenceNumber)).toMatchObject({
      matchCode: null,
      policyNumber: null,
    });
  });

  test("number, name and date of birth agree: 0, and the number is shown", async () => {
    await putPolicies([jose]);
    expect(await matchOf((await submittedClaim(server.app)).webReferenceNumber)).toEqual(
      expect.objectContaining({
        matchCode: 0,
        policyNumber: "1234567890",
        policyNumberDisplay: "1234567890",
      }),
    );
  });

  test("the date of birth differs: 1, for further verification; a lapsed policy: 5, unavailable", async () => {
    await putPolicies([{ ...jose, insuredDateOfBirth: "1981-03-05" }]);
    expect(await matchOf((await submittedClaim(server.app)).webReferenceNumber)).toMatchObject({
      matchCode: 1,
      policyNumberDisplay: "For further verification",
    });
    await putPolicies([{ ...jose, status: "lapsed" }]);
    expect(await matchOf((await submittedClaim(server.app)).webReferenceNumber)).toMatchObject({
      matchCode: 5,
      policyNumberDisplay: "Unavailable at this time",
    });
  });
});

describe("the demo's policies", () => {
  test("npm start loads the demo policy records of both companies, once however often it starts", async () => {
    await server.restart({ KALINGA_DEMO_POLICIES: "true" });
    await server.restart({ KALINGA_DEMO_POLICIES: "true" });
    const { rows } = await server.db.query<{ company_name: string; n: string }>(
      "SELECT company_name, count(*) AS n FROM policies GROUP BY company_name ORDER BY company_name",
    );
    expect(rows.map((row) => [row.company_name, Number(row.n)])).toEqual([
      ["Kalinga Bank Life", 14],
      ["Kalinga Life", 16],
    ]);
  });
});

describe("npm run import-policies", () => {
  const COMMAND = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    "../src/policies/import-policies.ts",
  );
  let dir: string;
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "kalinga-policies-"));
    ({ env, cleanUp } = await serverDatabaseEnv());
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await cleanUp();
  });

  test("imports the good rows of a CSV file, names each bad row, and exits 1; a second run changes nothing", async () => {
    const file = path.join(dir, "policies.csv");
    await writeFile(
      file,
      [
        HEADER,
        "Kalinga Life,1234567890,Individual,in-force,Jose,P,Rizal,,1980-03-05,Jose,Rizal,9171234567,jose@example.ph,AG-1",
        "Kalinga Life,123,Individual,active,Jose,P,Rizal,,1980-03-05,Jose,Rizal,9171234567,jose@example.ph,AG-1",
        "Kalinga Bank Life,5234567890,Corporate,lapsed,Ana,,Santos,,1975-12-01,Ana,Santos,,,",
      ].join("\n"),
    );
    const run = promisify(execFile);
    const once = await run(process.execPath, [COMMAND, file], {
      env: { ...process.env, NODE_ENV: "test", ...env },
    }).catch((error: { code: number; stdout: string }) => error);
    expect("code" in once ? once.code : 0).toBe(1);
    expect(once.stdout).toContain("3 rows: 2 added, 0 updated, 0 unchanged, 1 refused.");
    expect(once.stdout).toContain(
      "row 2: policyNumber: A policy number has 10 digits.; status: One of in-force, lapsed",
    );
    const twice = await run(process.execPath, [COMMAND, file], {
      env: { ...process.env, NODE_ENV: "test", ...env },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(twice.stdout).toContain("3 rows: 0 added, 0 updated, 2 unchanged, 1 refused.");
  });
});
