import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  bpiAccount,
  chooseTile,
  field,
  fillBankPayout,
  fillLivingAccident,
  groupMessageOf,
  ILLNESS_NEUROLOGICAL_QUESTION,
  manilaDate,
  motorcycleAccident,
  startVerifiedClaim,
  typeDate,
} from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, slotCard, uploadEveryRequired } from "../support/documents.ts";
import { saveScreenshot } from "../support/screens.ts";
import { pressNext } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord } from "../support/submission.ts";

// The living claim's second variant (docs/decisions/0034): Step 2's accident and illness
// questions decide whether the documents step asks for a neurological examination report.

const EXAM = "Neurological examination report";
const ILLNESS_ANSWER_REQUIRED =
  "Please answer Yes or No: is the illness a condition of the brain, spinal cord or nerves?";

const back = (page: Page) => page.getByRole("link", { name: "Back" }).click();

/** From Step 2 through the payout to the documents step. */
async function onToDocuments(page: Page) {
  await pressNext(page);
  await expect(page).toHaveURL(/\/payout-option$/);
  // The payout is kept from the first visit.
  if ((await field(page, "Account number").inputValue()) === "") {
    await fillBankPayout(page, bpiAccount);
  }
  await pressNext(page);
  await expect(page).toHaveURL(/\/claims-documents$/);
  await expect(page.getByRole("heading", { name: /Step 4 of 4/ })).toBeVisible();
  await expect(slotCard(page, "Attending physician's statement")).toBeVisible();
}

/** From the documents step back to Step 2, answers kept. */
async function backToDetails(page: Page) {
  await back(page);
  await expect(page).toHaveURL(/\/payout-option$/);
  await back(page);
  await expect(page).toHaveURL(/\/claims-details$/);
}

/** Nothing of the widget is wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

async function expectWithinScreen(page: Page, locator: ReturnType<Page["locator"]>) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
}

test.describe("the neurological exam", () => {
  test("an illness of the brain or nerves asks for the exam report; answered No it does not", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    await startVerifiedClaim(page, request);
    await chooseTile(page, "Type of claim", "Living");
    await chooseTile(page, "Was it an accident or an illness?", "Illness");
    await field(page, "Diagnosis").fill("Ischemic stroke");
    await field(page, "Illness details").fill(
      "Sudden weakness of the right arm and slurred speech",
    );
    await typeDate(page, "Date symptoms were discovered", manilaDate(-30));
    await typeDate(page, "Date of first consultation", manilaDate(-30));
    await page.getByRole("checkbox", { name: "Confinement in a hospital" }).check();

    // Unanswered, Next names the question and puts the keyboard on its first choice.
    await pressNext(page);
    const question = page.getByRole("group", { name: ILLNESS_NEUROLOGICAL_QUESTION });
    const yes = question.getByRole("radio", { name: "Yes", exact: true });
    const no = question.getByRole("radio", { name: "No", exact: true });
    expect(await groupMessageOf(page, ILLNESS_NEUROLOGICAL_QUESTION)).toBe(ILLNESS_ANSWER_REQUIRED);
    await expect(yes).toBeFocused();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-neurological-unanswered");

    // Keyboard alone, the tips are read on the choice itself and say what Yes leads to (decision
    // 0041); a tap on the info button shows them, Escape closes them; Space answers and the arrow
    // keys move the answer.
    await expect(yes).toHaveAccessibleDescription(
      /For example a stroke, paralysis.*If you answer Yes, we will ask for a neurological examination report/,
    );
    const tip = page.getByRole("button", { name: `More about ${ILLNESS_NEUROLOGICAL_QUESTION}` });
    await tip.click();
    await expect(page.getByText(/^For example a stroke, paralysis/)).toBeVisible();
    await expect(
      page.getByText(
        "If you answer Yes, we will ask for a neurological examination report from your doctor.",
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, testInfo, "claims-details-neurological-tip");
    await page.keyboard.press("Escape");
    await expect(page.getByText(/^For example a stroke, paralysis/)).toBeHidden();
    await expect(tip).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(yes).toBeFocused();
    await page.keyboard.press("Space");
    await expect(yes).toBeChecked();
    await expect(page.getByText(ILLNESS_ANSWER_REQUIRED)).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await expect(no).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(yes).toBeChecked();

    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await expectWithinScreen(page, question);
    await saveScreenshot(page, testInfo, "claims-details-neurological-yes");

    // Yes: the documents step asks for the exam report, as a required document.
    await onToDocuments(page);
    const exam = slotCard(page, EXAM);
    await expect(exam).toBeVisible();
    await expect(exam).toContainText("Required");
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, testInfo, "claims-documents-neurological");

    // No: the report is no longer asked for.
    await backToDetails(page);
    await expect(yes).toBeChecked();
    await chooseTile(page, ILLNESS_NEUROLOGICAL_QUESTION, "No");
    await onToDocuments(page);
    await expect(slotCard(page, EXAM)).toHaveCount(0);

    // Yes again, every required document, and the claim goes in with illnessResult "Y".
    await backToDetails(page);
    await chooseTile(page, ILLNESS_NEUROLOGICAL_QUESTION, "Yes");
    await onToDocuments(page);
    const uploaded = await uploadEveryRequired(
      page,
      await phonePhoto("id.jpg", 1200, 900),
      await scannedPdf("report.pdf", "Neurological examination, 20 Oct 2026"),
    );
    expect(uploaded).toContain(EXAM);
    await pressNext(page);
    await expect(page).toHaveURL(/\/claims-review$/);
    await expect(page.getByRole("region", { name: "Claim details" })).toContainText(
      "Illness of the brain, spinal cord or nerves",
    );
    const reference = await agreeAndSubmit(page, testInfo, "living-neurological");
    const record = await claimRecord(request, reference);
    expect(record.submission?.payload.insuredInformation).toMatchObject({
      diagnosis: "Ischemic stroke",
      accidentResult: "",
      illnessResult: "Y",
    });
    expect(record.submission?.slotFacts).toMatchObject({ neurological: true });
    expect(record.documents.find((d) => d.slotKey === "LMED002-NEU-MIN")).toMatchObject({
      slotRequired: true,
    });
  });

  test("a head injury asks for the exam report once disability is claimed", async ({
    page,
    request,
  }) => {
    await startVerifiedClaim(page, request);
    await fillLivingAccident(page, {
      ...motorcycleAccident,
      injury: "Head injury with concussion after a motorcycle collision",
      partOfBody: "Head",
      neurological: "Yes",
      benefits: ["Surgery"],
    });
    await expectNoAxeViolations(page);
    await onToDocuments(page);
    await expect(slotCard(page, EXAM)).toHaveCount(0);

    await backToDetails(page);
    await page.getByRole("checkbox", { name: "Disability" }).check();
    await onToDocuments(page);
    await expect(slotCard(page, EXAM)).toBeVisible();
    await expect(slotCard(page, "Certificate of employment")).toBeVisible();
  });
});
