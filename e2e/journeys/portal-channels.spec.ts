import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import {
  fillBeneficiary,
  fillDeath,
  heartAttack,
  johnUsCitizen,
  motorcycleAccident,
} from "../support/claim-steps.ts";
import { phonePhoto, scannedPdf, uploadEveryRequired } from "../support/documents.ts";
import { seedPortalPolicies } from "../support/portal-policies.ts";
import { saveScreenshot } from "../support/screens.ts";
import { chooseCountry } from "../support/start-form.ts";
import { agreeAndSubmit, claimRecord, fileLivingAccidentClaim } from "../support/submission.ts";

// The member portal and agent assist (decisions 0058, 0059): the demo portal pages sign in a demo
// member or agent; /cfm reads the chosen policy into Step 1 without an OTP, and the rest of the
// journey is the public one's.

/** Steps 2 to 4 and the submit, as on the public channel; answers the reference. */
async function fileLivingAccident(
  page: Page,
  testInfo: Parameters<typeof agreeAndSubmit>[1],
  name: string,
  answers = motorcycleAccident,
) {
  const photo = await phonePhoto("ID.jpg", 1200, 800);
  const pdf = await scannedPdf("report.pdf", "Certified true copy");
  return fileLivingAccidentClaim(page, testInfo, name, { photo, pdf }, answers);
}

test.describe("The member portal and agent assist", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a demo member files a living claim from /cfm without an OTP", async ({
    page,
    request,
  }, testInfo) => {
    await seedPortalPolicies(request);
    await page.goto("/customer-portal");
    await page.getByRole("link", { name: "File a claim as the demo member" }).click();
    await expect(page).toHaveURL(/\/customer-portal\/claims\/cfm$/);
    const title = page.getByRole("heading", { name: /Step 1 of 4/ });
    await expect(title).toBeVisible();
    // Next before a policy is chosen says so, alone.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Please select Policy Number")).toBeVisible();
    await expectNoAxeViolations(page);

    const policies = page.getByRole("combobox", { name: "Policy number" });
    await policies.click();
    // The member's policies of the assertion, each with its insured's name.
    await expect(page.getByRole("option")).toHaveText([
      "1234567890 \u00b7 Maria Peña Dela Cruz",
      "2234567891 \u00b7 Jose Rizal",
    ]);
    await page.getByRole("option", { name: "1234567890" }).click();
    const details = page.getByTestId("policy-details");
    await expect(details).toContainText("Maria Peña S Dela Cruz");
    await expect(details).toContainText("05 Mar 1980");
    await expect(details).toContainText("+63 9171234567");
    await expect(details).toContainText("maria.delacruz@example.ph");
    await expect(page.getByLabel("First name", { exact: true })).toHaveCount(0);
    await page.getByLabel("Home address", { exact: true }).fill("12 Mabini St, Makati City");
    await chooseCountry(page, "Country of citizenship", "Philippines");
    await chooseCountry(page, "Country of residence", "Philippines");
    await page.getByRole("radio", { name: "Individual" }).check();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "portal-member-cfm");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Verify your mobile number" })).toHaveCount(0);

    const reference = await fileLivingAccident(page, testInfo, "portal-member");
    const record = await claimRecord(request, reference);
    expect(record.channelName).toBe("Member Portal");
    expect(record.agentCode).toBeNull();
    expect(record.submission?.payload.basicInformation).toMatchObject({
      companyName: "Kalinga Life",
      channelName: "Member Portal",
    });
    expect(record.submission?.payload.policyInformation.policyNumber).toBe("1234567890");
    expect(record.submission?.payload.insuredInformation).toMatchObject({
      firstName: "Maria Peña",
      lastName: "Dela Cruz",
      dateOfBirth: "03/05/1980",
      phoneNumber: "9171234567",
    });

    // The member follows it through the tracking screens, the portal's sign-in in place of the OTP.
    await page.goto("/customer-portal/claims/claims-tracking");
    await expect(page).toHaveURL(/\/customer-portal\/claims\/your-claim-tracking$/);
    await expect(page.getByText("Claims on the policies of your account.")).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: reference });
    await expect(card).toContainText("Claim application submitted");
    await expect(page.getByRole("dialog", { name: "Verify your mobile number" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: /View claim/ }).click();
    await expect(page.locator(".k-status-now .k-status-label")).toHaveText(
      "Claim application submitted",
    );
  });

  test("a demo agent files a death claim for a client's policy; every body carries the agent code", async ({
    page,
    request,
  }, testInfo) => {
    await seedPortalPolicies(request);
    const bodies: Record<string, unknown>[] = [];
    page.on("request", (sent) => {
      if (!sent.url().includes("/api/claims/") || sent.method() !== "POST") return;
      const json = sent.postData();
      if (json?.startsWith("{")) bodies.push(JSON.parse(json) as Record<string, unknown>);
    });
    await page.goto("/customer-portal-service/claims/cfm?policy=3798935572");
    const policies = page.getByRole("combobox", { name: "Policy number" });
    await expect(policies).toHaveValue("3798935572");
    await expect(policies).toBeDisabled();
    await expect(page.getByTestId("policy-details")).toContainText("Grace S Reyes");
    await page.getByLabel("Home address", { exact: true }).fill("8 Rizal Ave, Quezon City");
    await chooseCountry(page, "Country of citizenship", "Philippines");
    await chooseCountry(page, "Country of residence", "Philippines");
    await page.getByRole("radio", { name: "Individual" }).check();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "portal-agent-cfm");
    await page.getByRole("button", { name: "Next", exact: true }).click();

    // A death claim for the client. Section 3: on agent assist the number comes from the claim
    // details, filled in from /cfm (the agent does not type it; the payload below shows it arrived).
    await expect(page).toHaveURL(/\/claims-details$/);
    await fillDeath(page, heartAttack);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Add a beneficiary" }).click();
    await fillBeneficiary(page, johnUsCitizen);
    await page.getByRole("button", { name: "Save beneficiary" }).click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await uploadEveryRequired(
      page,
      await phonePhoto("ID.jpg", 1200, 800),
      await scannedPdf("certificate.pdf", "Certified true copy"),
    );
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const reference = await agreeAndSubmit(page, testInfo, "portal-agent");
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) expect(body.agentCode).toBe("AG-1001");
    const record = await claimRecord(request, reference);
    expect(record.channelName).toBe("Agent Assist");
    expect(record.agentCode).toBe("AG-1001");
    expect(record.submission?.payload.policyInformation.policyNumber).toBe("3798935572");

    // The agent's claims report lists it; the search finds it; the CSV holds it.
    await page.goto("/customer-portal-service/claims/claims-report");
    await expect(page.getByRole("heading", { name: "Your clients\u2019 claims" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill(reference);
    const card = page.getByRole("listitem").filter({ hasText: reference });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Grace Reyes");
    await expect(card).toContainText("Death claim");
    await expect(card).toContainText("Claim application submitted");
    await expect(card).toContainText("Filed by you");
    await expect(page.getByRole("status").filter({ hasText: /^1 of \d+ claims?$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "portal-agent-claims-report");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download as CSV" }).click();
    const csv = await readFile((await (await downloading).path()) ?? "", "utf8");
    expect(csv.split("\r\n")[0]).toBe(
      "\ufeffWeb reference number,Insured,Policy number,Claim type,Status,Outstanding requirements,Days open,Date filed",
    );
    expect(csv).toContain(
      `${reference},Grace Reyes,3798935572,Death claim,Claim application submitted,0,0,`,
    );

    // A policy the agent does not serve is not found.
    await page.goto("/customer-portal-service/claims/cfm?policy=2234567899");
    await expect(page.getByText("We could not find this policy for your account.")).toBeVisible();
  });

  test("'/' on agent assist opens the journey the portal stored", async ({ page }) => {
    await page.goto("/customer-portal-service/claims/?route=claims-tracking");
    // Claims tracking, and the agent is signed in: the agent's clients' claims at once.
    await expect(page).toHaveURL(/\/customer-portal-service\/claims\/your-claim-tracking$/);
    await expect(page.getByRole("heading", { name: "Your claims" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/customer-portal-service/claims/?route=claims-report");
    await expect(page).toHaveURL(/\/claims-report$/);
    await expect(page.getByRole("heading", { name: "Your clients\u2019 claims" })).toBeVisible();
    await page.goto("/customer-portal-service/claims/?route=claims-filing");
    await expect(page).toHaveURL(/\/customer-portal-service\/claims\/cfm$/);
    await expect(page.getByRole("heading", { name: /Step 1 of 4/ })).toBeVisible();
    // Without a given policy the agent chooses among the policies the agent serves.
    await page.getByRole("combobox", { name: "Policy number" }).click();
    await expect(page.getByRole("option", { name: /^3798935572 · Grace Reyes$/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
