import { expect, test } from "@playwright/test";
import { WHOLE_SERVER_ADMIN } from "../playwright.config.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { consoleApi } from "../support/console.ts";
import { openStartForm, proceedPastReminder } from "../support/start-form.ts";

// A notice an administrator schedules through the console's API (decision 0086) for the next
// minute: with the page's clock driven by Playwright, it appears at its start, and its close
// icon shows only inside its close window. The notice is ended afterwards, so no other journey
// sees it.

const TITLE = "Systems upgrade in a minute";
const CONTENT = "Claim filing pauses while we move to a new system.";
const MINUTE = 60_000;

test("a notice scheduled for the next minute appears, closable only inside its close window", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const now = Date.now();
  await page.clock.install({ time: now });
  const call = await consoleApi(page.request, WHOLE_SERVER_ADMIN);
  const { notice } = (await call("/notices", {
    company: "first",
    channel: "corporate-website",
    title: TITLE,
    content: CONTENT,
    startTime: new Date(now + MINUTE).toISOString(),
    endTime: new Date(now + 20 * MINUTE).toISOString(),
    showCloseStartTime: new Date(now + 3 * MINUTE).toISOString(),
    showCloseEndTime: new Date(now + 5 * MINUTE).toISOString(),
  })) as { notice: { id: string } };
  try {
    await openStartForm(page);
    await proceedPastReminder(page);
    const dialog = page.getByRole("dialog", { name: TITLE });
    await expect(dialog).toHaveCount(0);

    // Its start: the notice shows without a close icon.
    await page.clock.fastForward(MINUTE + 1_000);
    await expect(dialog.getByText(CONTENT, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Inside the close window: the icon shows.
    await page.clock.fastForward(2 * MINUTE);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();

    // Past the close window: the notice stays, its icon goes.
    await page.clock.fastForward(2 * MINUTE);
    await expect(dialog.getByText(CONTENT, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  } finally {
    await call(`/notices/${notice.id}/end`, {});
  }
});
