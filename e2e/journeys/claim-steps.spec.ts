import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  chooseTile,
  field,
  fillLivingAccident,
  groupMessageOf,
  manilaDate,
  messageOf,
  motorcycleAccident,
  startVerifiedClaim,
  typeDate,
} from "../support/claim-steps.ts";
import { saveScreenshot } from "../support/screens.ts";

test.describe("Step 2, claim details", () => {
  test("messages show once a field is left, follow each edit, and a Next shows them all", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-empty");

    // Nothing chosen: Next asks for the claim type and focuses it.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(await groupMessageOf(page, "Type of claim")).toBe("Please provide Type of claim");
    await expect(page.getByRole("radio", { name: "Living" })).toBeFocused();

    await chooseTile(page, "Type of claim", "Living");
    await expect(page.getByText("Please provide Type of claim")).toBeHidden();
    await chooseTile(page, "Was it an accident or an illness?", "Accident");

    // Touched and left: the message shows; typed: it goes; emptied again: it is back.
    const place = field(page, "Place of accident");
    await place.focus();
    await expect(place).not.toHaveAttribute("aria-invalid", "true");
    await place.blur();
    expect(await messageOf(page, "Place of accident")).toBe("Please provide Place of accident");
    await place.fill("Quezon City");
    await expect(place).not.toHaveAttribute("aria-invalid", "true");
    await place.fill("<b>");
    expect(await messageOf(page, "Place of accident")).toBe("Special characters not allowed");
    await place.fill("");
    expect(await messageOf(page, "Place of accident")).toBe("Please provide Place of accident");
    // A field not touched yet shows nothing.
    await expect(field(page, "Injury details")).not.toHaveAttribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    const required: [string, string][] = [
      ["Date of accident", "Please provide Date of accident"],
      ["Place of accident", "Please provide Place of accident"],
      ["Injury details", "Please provide Injury details"],
      ["Part of body injured", "Please provide Part of body injured"],
    ];
    for (const [label, message] of required) {
      expect(await messageOf(page, label)).toBe(message);
    }
    await expect(field(page, "Date of accident")).toBeFocused();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-errors");
  });

  test("dates after today or before the insured's birth are refused; policy number takes digits", async ({
    page,
    request,
  }) => {
    await startVerifiedClaim(page, request);
    await chooseTile(page, "Type of claim", "Living");
    await chooseTile(page, "Was it an accident or an illness?", "Accident");

    await typeDate(page, "Date of accident", manilaDate(1));
    expect(await messageOf(page, "Date of accident")).toBe("Date cannot be later than today");
    // Maria was born on 05 Mar 1980.
    await typeDate(page, "Date of accident", "04 Mar 1980");
    expect(await messageOf(page, "Date of accident")).toBe(
      "Date cannot be earlier than the insured's date of birth",
    );
    await typeDate(page, "Date of accident", "05 Mar 1980");
    await expect(field(page, "Date of accident")).not.toHaveAttribute("aria-invalid", "true");

    // Illness asks for its own dates; the first consultation cannot come before the symptoms.
    await chooseTile(page, "Was it an accident or an illness?", "Illness");
    await typeDate(page, "Date of first consultation", manilaDate(-10));
    await typeDate(page, "Date symptoms were discovered", manilaDate(-5));
    expect(await messageOf(page, "Date symptoms were discovered")).toBe(
      "Date cannot be later than the date of first consultation",
    );

    const policy = field(page, "Policy number (optional)");
    await policy.fill("12ab34");
    await expect(policy).toHaveValue("1234");
    await policy.blur();
    expect(await messageOf(page, "Policy number (optional)")).toBe("Length should be 10");
    await policy.fill("123456789012");
    await expect(policy).toHaveValue("1234567890");
    await expect(policy).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a living accident goes on to Step 3; Back and reload keep every answer", async ({
    page,
    request,
  }, testInfo) => {
    await startVerifiedClaim(page, request);
    await fillLivingAccident(page, motorcycleAccident);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "claims-details-living-accident");

    // Back to Step 1 and forward again: nothing is lost.
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/cf$/);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/claims-details$/);
    await expect(field(page, "Place of accident")).toHaveValue(motorcycleAccident.place);

    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByRole("radio", { name: "Accident" })).toBeChecked();
    await expect(field(page, "Date of accident")).toHaveValue(motorcycleAccident.accidentDate);
    await expect(field(page, "Injury details")).toHaveValue(motorcycleAccident.injury);
    await expect(page.getByRole("checkbox", { name: "Surgery" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Disability" })).not.toBeChecked();
    await expect(field(page, "Policy number (optional)")).toHaveValue("1234567890");

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/\/payout-option$/);
  });

  test("Steps 2 and 3 ask to start the claim first without a verified mobile number", async ({
    page,
  }) => {
    for (const step of ["claims-details"]) {
      await page.goto(`/help-support/claims/${step}`);
      await expect(
        page.getByRole("heading", { name: "Please start your claim first" }),
      ).toBeVisible();
    }
  });
});
