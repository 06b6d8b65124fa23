import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// Runs the repository's own Biome configuration on a file placed inside a layer, so the import
// direction of docs/decisions/0036-import-direction.md is proven by the lint rule, not by review.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const biome = path.join(repoRoot, "node_modules/.bin/biome");
const srcDir = path.join(repoRoot, "apps/web/src");
const written: string[] = [];

function lintFileIn(folder: string, source: string): { status: number | null; output: string } {
  const file = path.join(srcDir, folder, `import-direction-probe-${process.pid}.ts`);
  writeFileSync(file, source);
  written.push(file);
  const result = spawnSync(biome, ["lint", "--only=style/noRestrictedImports", file], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

describe("import direction (ui → shared → features → app)", () => {
  it("fails a feature that imports app/", () => {
    const result = lintFileIn("start", 'export { App } from "../app/app.tsx";\n');
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("noRestrictedImports");
  });

  it("fails a feature that imports another feature", () => {
    const result = lintFileIn(
      "submission",
      'export { default } from "../details/claims-details-screen.tsx";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("noRestrictedImports");
  });

  it("fails shared code that imports a feature", () => {
    const result = lintFileIn(
      "claim",
      'export { default } from "../payout/payout-option-screen.tsx";\n',
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("noRestrictedImports");
  });

  it("fails ui/ when it imports anything outside ui/", () => {
    const result = lintFileIn("ui", 'export { track } from "../analytics/analytics.ts";\n');
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("noRestrictedImports");
  });

  it("passes a feature that imports shared code", () => {
    const result = lintFileIn(
      "details",
      'export { useWidgetSetting } from "../widget/contexts.ts";\nexport { Checkbox } from "../ui/checkbox.tsx";\n',
    );
    expect(result.output).not.toContain("noRestrictedImports");
    expect(result.status).toBe(0);
  });
});
