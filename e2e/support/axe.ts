import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

type Selector = Parameters<AxeBuilder["include"]>[0];
type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** Which part of the page to check; selectors may reach into the widget's shadow root with `{ fromShadowDom: [...] }`. */
export type AxeContext = {
  include?: Selector[];
  exclude?: Selector[];
};

// WCAG 2.0 and 2.1, levels A and AA: the level public-sector and insurer sites are held to.
const wcag21aaTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is now and fails the test listing every WCAG 2.1 AA violation. */
export async function expectNoAxeViolations(page: Page, context: AxeContext = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(wcag21aaTags);
  for (const selector of context.include ?? []) builder = builder.include(selector);
  for (const selector of context.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();

  if (results.violations.length > 0) {
    await test.info().attach("axe-violations.json", {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  expect(
    results.violations.map((violation) => violation.id),
    `axe found WCAG 2.1 AA violations on ${page.url()}:\n${describeViolations(results.violations)}`,
  ).toEqual([]);
}

function describeViolations(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${JSON.stringify(node.target)}${node.failureSummary ? `\n      ${node.failureSummary.replaceAll("\n", "\n      ")}` : ""}`,
        )
        .join("\n");
      return `  ${violation.id} (${violation.impact ?? "unknown impact"}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n");
}
