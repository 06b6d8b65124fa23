import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { startClaimToDocuments } from "../support/claim-steps.ts";
import { expectNoEnglishWords, t } from "../support/filipino.ts";
import { saveScreenshot } from "../support/screens.ts";
import { openStartForm, proceedPastReminder } from "../support/start-form.ts";

// The claim guide (decision 0086): opened from the start form and from the documents step, its
// words from the claim-guide configuration (the bank-partner company's corporate website has its
// own), the documents of each claim type from the domain's catalogue; axe clean at 375 px. In
// Filipino its own words are the Filipino guide's (decision 0097), with no English word left.

const GUIDE_TITLE = "What to prepare for your claim";

test("the claim guide opens from the start form and goes back to it", async ({ page }) => {
  await openStartForm(page);
  await proceedPastReminder(page);
  await page.getByRole("link", { name: "What to prepare and who may file" }).click();
  await expect(page).toHaveURL(/\/claim-guide$/);
  await expect(page.getByRole("heading", { name: GUIDE_TITLE })).toBeVisible();
  const living = page.getByRole("region", { name: "Living claim (accident or illness)" });
  await expect(living.getByText("Attending physician's statement")).toBeVisible();
  await expect(page.getByRole("region", { name: "Death claim" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("heading", { name: /Step 1 of 4/ })).toBeVisible();
});

test("the claim guide opens from the documents step and goes back to it", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await startClaimToDocuments(page, request);
  await page.getByRole("link", { name: "What each claim type needs" }).click();
  await expect(page.getByRole("heading", { name: GUIDE_TITLE })).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/claims-documents$/);
});

test("the bank-partner company's corporate website shows its own guide", async ({ page }) => {
  await page.goto("/bank-life/help-support/claims/claim-guide");
  await expect(
    page.getByRole("heading", { name: "What to prepare for your Bank Life claim" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the claim guide in Filipino: its own words too, and the bank's guide in Filipino", async ({
  page,
}, testInfo) => {
  await openStartForm(page);
  await proceedPastReminder(page);
  await page.getByRole("button", { name: "Filipino", exact: true }).click();
  await expect(page.getByRole("heading", { name: t("start.title") })).toBeVisible();
  await page.getByRole("link", { name: t("start.claimGuide") }).click();
  await expect(page).toHaveURL(/\/claim-guide$/);
  await expect(
    page.getByRole("heading", { name: "Ano ang ihahanda para sa inyong claim" }),
  ).toBeVisible();
  const living = page.getByRole("region", {
    name: "Claim dahil sa aksidente o sakit (buhay pa ang insured)",
  });
  await expect(living.getByRole("heading", { name: t("guide.whoMayFile") })).toBeVisible();
  await expect(page.getByRole("region", { name: "Death claim" })).toBeVisible();
  await expectNoEnglishWords(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "claim-guide-in-filipino");
  // Back in English on the same screen, the guide's words follow.
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page.getByRole("heading", { name: GUIDE_TITLE })).toBeVisible();

  // The bank-partner company's own guide has its Filipino version; the session keeps Filipino.
  await page.getByRole("button", { name: "Filipino", exact: true }).click();
  await page.goto("/bank-life/help-support/claims/claim-guide");
  await expect(
    page.getByRole("heading", { name: "Ano ang ihahanda para sa inyong Bank Life claim" }),
  ).toBeVisible();
  await expectNoEnglishWords(page, ["Bank Life"]);
  await expectNoAxeViolations(page);
});
