import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { saveScreenshot } from "../support/screens.ts";
import {
  chooseCountry,
  fillStartForm,
  maria,
  openStartForm,
  otpModal,
  pressNext,
  proceedPastReminder,
  uniqueMobile,
} from "../support/start-form.ts";

/** The message shown beneath a field, found through the field's own description. */
async function messageOf(page: Page, label: string): Promise<string> {
  const field = page.locator("input").and(page.getByLabel(label, { exact: true }));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The field's tips describe it too (decision 0041); the message is the rest.
  const ids = ((await field.getAttribute("aria-describedby")) ?? "")
    .split(/\s+/)
    .filter((id) => id && !id.endsWith("-tips"));
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.filter(Boolean).join(" ").trim();
}

test.describe("Step 1 messages, shown on submit only", () => {
  test.beforeEach(async ({ page }) => {
    await openStartForm(page);
    await proceedPastReminder(page);
  });

  test("an empty submit shows every required message and moves focus to the first", async ({
    page,
  }, testInfo) => {
    await pressNext(page);
    const required: [string, string][] = [
      ["First name", "Please provide First Name"],
      ["Middle initial", "Please provide Middle Initial"],
      ["Last name", "Please provide Last Name"],
      ["Mobile number", "Please provide Mobile number"],
      ["Email address", "Please provide Email Address"],
      ["Home address", "Please provide Home Address"],
      ["Country of citizenship", "Please provide Country of citizenship"],
      ["Country of residence", "Please provide owner's country of residence"],
    ];
    for (const [label, message] of required) {
      expect(await messageOf(page, label), label).toContain(message);
    }
    await expect(page.getByText("Please provide Date Of Birth", { exact: true })).toBeVisible();
    await expect(page.getByText("Please provide Type of policies", { exact: true })).toBeVisible();
    await expect(page.getByLabel("First name", { exact: true })).toBeFocused();
    await expect(otpModal(page)).toBeHidden();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "start-form-all-errors");
  });

  test("typing does not validate: messages change only on the next submit", async ({ page }) => {
    await pressNext(page);
    await page.getByLabel("First name", { exact: true }).fill("Maria");
    await page.getByLabel("Last name", { exact: true }).focus();
    await expect(page.getByText("Please provide First Name", { exact: true })).toBeVisible();
    await pressNext(page);
    await expect(page.getByText("Please provide First Name", { exact: true })).toBeHidden();
  });

  test("pattern and length messages", async ({ page }) => {
    await fillStartForm(page, { ...maria, mobile: uniqueMobile() });
    await page.getByLabel("First name", { exact: true }).fill("Maria#1");
    await page.getByLabel("Middle initial", { exact: true }).fill("S.");
    await page.getByLabel("Last name", { exact: true }).fill("Dela-Cruz");
    await page.getByLabel("Suffix", { exact: true }).fill("<Jr>");
    await page.getByLabel("Mobile number", { exact: true }).fill("91712345");
    await page.getByLabel("Email address", { exact: true }).fill("maria@");
    await page.getByLabel("Home address", { exact: true }).fill("<b>Manila</b>");
    await pressNext(page);
    expect(await messageOf(page, "First name")).toContain("Special characters not allowed");
    expect(await messageOf(page, "Middle initial")).toContain("Special characters not allowed");
    expect(await messageOf(page, "Last name")).toContain("Special characters not allowed");
    expect(await messageOf(page, "Suffix")).toContain("Special characters not allowed");
    expect(await messageOf(page, "Mobile number")).toContain(
      "Please provide a correct Mobile Number",
    );
    expect(await messageOf(page, "Email address")).toContain(
      "Please provide a correct Email Address",
    );
    expect(await messageOf(page, "Home address")).toContain("Special characters not allowed");
  });

  test("the suffix and the mobile number stop at their limits; a long name is kept", async ({
    page,
  }) => {
    // Kept so Next can say "Exceeds the maximum length" (e2e/journeys/long-input.spec.ts).
    const firstName = page.getByLabel("First name", { exact: true });
    await firstName.fill("A".repeat(40));
    await expect(firstName).toHaveValue("A".repeat(40));
    const suffix = page.getByLabel("Suffix", { exact: true });
    await suffix.fill("ABCDEFGH");
    await expect(suffix).toHaveValue("ABCDEF");
    const mobile = page.getByLabel("Mobile number", { exact: true });
    await mobile.fill("+63 917 123 4567");
    await expect(mobile).toHaveValue("9171234567");
    await mobile.fill("0917-123-4567");
    await expect(mobile).toHaveValue("9171234567");
    const email = page.getByLabel("Email address", { exact: true });
    await email.pressSequentially("a b");
    await expect(email).toHaveValue("ab");
  });

  test("Corporate needs a company name; Individual clears it", async ({ page }) => {
    await fillStartForm(page, { ...maria, mobile: uniqueMobile(), policyType: "Corporate" });
    await pressNext(page);
    expect(await messageOf(page, "Company name")).toContain("Please provide Company name");
    await page.getByLabel("Company name", { exact: true }).fill("Acme <Corp>");
    await pressNext(page);
    expect(await messageOf(page, "Company name")).toContain("Special characters not allowed");
    await page.getByLabel("Company name", { exact: true }).fill("Acme Holdings");
    await page.getByRole("radio", { name: "Individual" }).check();
    await expect(page.getByLabel("Company name", { exact: true })).toBeHidden();
    await page.getByRole("radio", { name: "Corporate" }).check();
    await expect(page.getByLabel("Company name", { exact: true })).toHaveValue("");
  });

  test("a citizen or resident of China must agree to the statement", async ({ page }, testInfo) => {
    await fillStartForm(page, { ...maria, mobile: uniqueMobile() });
    const statement = page.getByRole("group", { name: "Mainland China statement" });
    await expect(statement).toBeHidden();
    await chooseCountry(page, "Country of residence", "China");
    await expect(statement).toBeVisible();
    // Both consents start agreed (section 4); the statement itself does not.
    await expect(statement.getByRole("checkbox", { name: /marketing campaigns/ })).toBeChecked();
    await expect(
      statement.getByRole("checkbox", { name: /other financial services/ }),
    ).toBeChecked();
    const agree = statement.getByRole("checkbox", {
      name: /agree to the Mainland China statement/,
    });
    await expect(agree).not.toBeChecked();
    await pressNext(page);
    await expect(
      page.getByText("Please make sure to agree on the terms and conditions in order to proceed.", {
        exact: true,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "china-statement-error");
    await agree.check();
    await pressNext(page);
    await expect(otpModal(page)).toBeVisible();
  });

  test("a mobile number that does not start with 9 is refused on the form and in the OTP modal, with no SMS", async ({
    page,
    request,
  }) => {
    await fillStartForm(page, { ...maria, mobile: "2123456789" });
    await pressNext(page);
    expect(await messageOf(page, "Mobile number")).toContain(
      "Please provide a correct Mobile Number",
    );
    await expect(otpModal(page)).toBeHidden();

    await page.getByLabel("Mobile number", { exact: true }).fill(uniqueMobile());
    await pressNext(page);
    const modal = otpModal(page);
    await expect(modal).toBeVisible();
    await modal.getByLabel("Mobile number", { exact: true }).fill("0000000000");
    await modal.getByRole("button", { name: "Send OTP" }).click();
    await expect(
      modal.getByText("Please provide a correct Mobile number.", { exact: true }),
    ).toBeVisible();
    for (const refused of ["632123456789", "630000000000"]) {
      const outbox = await request.get(`/api/dev/outbox?to=${refused}`);
      expect(outbox.ok()).toBe(true);
      expect((await outbox.json()) as unknown).toMatchObject({ messages: [] });
    }
  });

  test("the mobile number's tip asks for the filer's number, whoever files", async ({ page }) => {
    await page.getByRole("button", { name: "More about Mobile number" }).click();
    const tip = page.locator(".k-tip__bubble").filter({ hasText: "person filing" });
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(
      "The mobile number of the person filing this claim: yours, whether you are the policy owner, a beneficiary or the agent.",
    );
    await expect(tip).not.toContainText("The policy owner's");
  });

  test("a date of birth after today is refused", async ({ page }) => {
    await fillStartForm(page, { ...maria, mobile: uniqueMobile(), dateOfBirth: "01 Jan 2999" });
    await pressNext(page);
    await expect(
      page.getByText("Date of birth cannot be later than today", { exact: true }),
    ).toBeVisible();
  });
});
