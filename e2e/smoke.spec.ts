import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { saveScreenshot } from "./support/screens.ts";

test("the corporate website page shows the claim start step, accessibly", async ({
  page,
}, testInfo) => {
  const response = await page.goto("/help-support/claims/cf");
  expect(response?.status()).toBe(200);

  // The reminder popup may cover the form on first visit, so hidden-from-assistive-tech headings count too.
  const heading = page.getByRole("heading", { name: /Step 1 of 4/, includeHidden: true });
  await expect(heading).toBeVisible();
  const insideShadowRoot = await heading.evaluate(
    (element) => element.getRootNode() instanceof ShadowRoot,
  );
  expect(insideShadowRoot, "the widget renders inside its own shadow root").toBe(true);

  await saveScreenshot(page, testInfo, "corporate-start-step");
  await expectNoAxeViolations(page);
});
