import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// Runs the repository's own layer rules (.dependency-cruiser.cjs, decision 0077) on a file placed
// inside a folder, so the import direction is proven by the check, not by review.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const written: string[] = [];
// Each check reads the whole import graph: seconds on a busy machine.
const slow = { timeout: 60_000 };

function checkFileIn(
  folder: string,
  source: string,
  ending = ".ts",
): { status: number | null; output: string } {
  // A dot file: tree walks of other tests (file lengths, literal texts) pass it by.
  const file = path.join(repoRoot, folder, `.import-direction-probe-${process.pid}${ending}`);
  writeFileSync(file, source);
  written.push(file);
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "./scripts/import-rules/register.ts",
      "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs",
      "--config",
      ".dependency-cruiser.cjs",
      path.relative(repoRoot, file),
    ],
    { cwd: repoRoot, encoding: "utf8" },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

/** A wrong-way import: where the probe file goes, what it imports, the rule that must fail it. */
type WrongWay = { name: string; folder: string; source: string; rule: string; ending?: string };

const WIDGET_WRONG_WAYS: WrongWay[] = [
  {
    name: "a feature that imports app/",
    folder: "apps/web/src/start",
    source: 'export { App } from "../app/app.tsx";\n',
    rule: "features imports only lower layers",
  },
  {
    name: "a feature that imports another feature",
    folder: "apps/web/src/submission",
    source: 'export { default } from "../details/claims-details-screen.tsx";\n',
    rule: "features submission imports no other features",
  },
  {
    name: "shared code that imports a feature",
    folder: "apps/web/src/claim",
    source: 'export { default } from "../payout/payout-option-screen.tsx";\n',
    rule: "shared imports only lower layers",
  },
  {
    name: "ui/ when it imports anything outside ui/",
    folder: "apps/web/src/ui",
    source: 'export { track } from "../analytics/analytics.ts";\n',
    rule: "ui imports only lower layers",
  },
  {
    name: "ui/ when it reaches a zod schema through the domain",
    folder: "apps/web/src/ui",
    source: 'export { publicStartFormSchema } from "@kalinga/domain/start-form";\n',
    rule: "the widget's ui reaches no schema",
  },
  {
    name: "the widget when it imports a staff module of the domain",
    folder: "apps/web/src/claim",
    source: 'export * from "@kalinga/domain/staff-roles";\n',
    rule: "the widget imports no staff or insurer module of the domain",
  },
];

const OTHER_WRONG_WAYS: WrongWay[] = [
  {
    name: "the domain when it imports an app",
    folder: "packages/domain/src",
    source: 'export type { RunMode } from "../../../apps/server/src/config.ts";\n',
    rule: "packages import no app",
  },
  {
    name: "a server route file that imports another feature's routes",
    folder: "apps/server/src/ratings",
    source: 'export { healthRoutes } from "../health/health-routes.ts";\n',
    ending: "-routes.ts",
    rule: "a route file imports no other route file",
  },
  {
    name: "the database layer when it imports a feature",
    folder: "apps/server/src/db",
    source: 'export * from "../claims/claim-repository.ts";\n',
    rule: "db imports only lower layers",
  },
  {
    name: "a console screen imported by the console's shared code",
    folder: "apps/console/src/claim",
    source: 'export * from "../screens/queue-screen.tsx";\n',
    rule: "claim imports only lower layers",
  },
];

function expectFails({ folder, source, ending, rule }: WrongWay) {
  const result = checkFileIn(folder, source, ending);
  expect(result.status).not.toBe(0);
  expect(result.output).toContain(rule);
}

describe("import direction (ui → shared → features → app)", slow, () => {
  it.each(WIDGET_WRONG_WAYS)("fails $name", expectFails);

  it("passes a feature that imports shared code", () => {
    const result = checkFileIn(
      "apps/web/src/details",
      'export { useWidgetSetting } from "../widget/contexts.ts";\nexport { Checkbox } from "../ui/checkbox.tsx";\n',
    );
    expect(result.output).not.toContain("import-direction-probe");
    expect(result.status).toBe(0);
  });
});

describe("the other apps and packages", slow, () => {
  it.each(OTHER_WRONG_WAYS)("fails $name", expectFails);
});
