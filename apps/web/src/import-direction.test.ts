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
  const file = path.join(repoRoot, folder, `import-direction-probe-${process.pid}${ending}`);
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

describe("import direction (ui → shared → features → app)", slow, () => {
  it("fails a feature that imports app/", () => {
    const result = checkFileIn("apps/web/src/start", 'export { App } from "../app/app.tsx";\n');
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("features imports only lower layers");
  });

  it("fails a feature that imports another feature", () => {
    const result = checkFileIn(
      "apps/web/src/submission",
      'export { default } from "../details/claims-details-screen.tsx";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("features submission imports no other features");
  });

  it("fails shared code that imports a feature", () => {
    const result = checkFileIn(
      "apps/web/src/claim",
      'export { default } from "../payout/payout-option-screen.tsx";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("shared imports only lower layers");
  });

  it("fails ui/ when it imports anything outside ui/", () => {
    const result = checkFileIn(
      "apps/web/src/ui",
      'export { track } from "../analytics/analytics.ts";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("ui imports only lower layers");
  });

  it("fails ui/ when it reaches a zod schema through the domain", () => {
    const result = checkFileIn(
      "apps/web/src/ui",
      'export { publicStartFormSchema } from "@kalinga/domain/start-form";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("the widget's ui reaches no schema");
  });

  it("fails the widget when it imports a staff module of the domain", () => {
    const result = checkFileIn(
      "apps/web/src/claim",
      'export * from "@kalinga/domain/staff-roles";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("the widget imports no staff or insurer module of the domain");
  });

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
  it("fails the domain when it imports an app", () => {
    const result = checkFileIn(
      "packages/domain/src",
      'export type { RunMode } from "../../../apps/server/src/config.ts";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("packages import no app");
  });

  it("fails a server route file that imports another feature's routes", () => {
    const result = checkFileIn(
      "apps/server/src/ratings",
      'export { healthRoutes } from "../health/health-routes.ts";\n',
      "-routes.ts",
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("a route file imports no other route file");
  });

  it("fails the database layer when it imports a feature", () => {
    const result = checkFileIn(
      "apps/server/src/db",
      'export * from "../claims/claim-repository.ts";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("db imports only lower layers");
  });

  it("fails a console screen imported by the console's shared code", () => {
    const result = checkFileIn(
      "apps/console/src/claim",
      'export * from "../screens/queue-screen.tsx";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("claim imports only lower layers");
  });
});
