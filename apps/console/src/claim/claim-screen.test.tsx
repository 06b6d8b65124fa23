import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { claimUnderReview, REFERENCE } from "../test-support/claim-answers.ts";
import {
  renderClaimScreen,
  renderClaimScreenAnswered,
} from "../test-support/render-claim-screen.tsx";

// What an examiner reads of a claim: its summary and clocks, its documents, the claim as filed
// and its timeline.

/** The value beside a label in a panel's list of fields. */
function fieldOf(panel: HTMLElement, label: string): string | null | undefined {
  const term = within(panel).getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent;
}

const panel = (name: string) => screen.getByRole("region", { name });

describe("the claim screen", () => {
  it("sums the claim up with its clocks", async () => {
    renderClaimScreen();
    expect(
      await screen.findByRole("heading", { level: 1, name: `Claim ${REFERENCE}` }),
    ).toBeTruthy();
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(fieldOf(summary, "Status")).toBe("Under review");
    expect(fieldOf(summary, "Claim type")).toBe("Death");
    expect(fieldOf(summary, "Company")).toBe("Kalinga Life");
    // The claim was filed in Filipino: its SMS and e-mails went out in it.
    expect(fieldOf(summary, "Language of messages")).toBe("Filipino (fil)");
    expect(fieldOf(summary, "Submitted")).toBe("Nov 20, 2026");
    expect(fieldOf(summary, "Assigned to")).toBe("Ana Reyes");
    expect(fieldOf(summary, "Policy number")).toBe("1234567890");
    expect(within(summary).queryByText("Decision")).toBeNull();
    expect(fieldOf(summary, "Days open")).toBe("5");
    expect(fieldOf(summary, "Days waiting on the claimant")).toBe("2");
    expect(fieldOf(summary, "Days waiting on the insurer")).toBe("3");
    expect(fieldOf(summary, "Insurance Code s.248: days left to pay")).toBe("55");
    expect(fieldOf(summary, "Service level: days left")).toBe("7");
  });

  it("shows a decided claim's outcome, code and reason, and nobody for an unassigned claim", async () => {
    renderClaimScreen({
      ...claimUnderReview,
      assignedTo: null,
      assigneeName: null,
      policyNumber: null,
      decision: { outcome: "partly-approved", reasonCode: "PA-02", reason: "One benefit only" },
      clocks: { ...claimUnderReview.clocks, deathClaimDaysLeft: null },
    });
    const summary = await screen.findByRole("region", { name: "Summary" });
    expect(fieldOf(summary, "Assigned to")).toBe("Nobody");
    expect(fieldOf(summary, "Policy number")).toBe("—");
    expect(fieldOf(summary, "Decision")).toBe("Partly approved (PA-02)");
    expect(fieldOf(summary, "Reason told to the claimant")).toBe("One benefit only");
    expect(within(summary).queryByText("Insurance Code s.248: days left to pay")).toBeNull();
  });

  it("lists the documents filed with the claim, each to view or download, sized", async () => {
    renderClaimScreen();
    const documents = await screen.findByRole("region", { name: "Documents" });
    const list = within(documents).getByRole("list", { name: "Documents filed with the claim" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".c-files__name")?.textContent)).toEqual([
      "Death certificate.pdf",
    ]);
    expect(items[0]?.textContent).toContain("244 KB");
    const download = within(list).getByRole("link", { name: "Download Death certificate.pdf" });
    expect(download.getAttribute("href")).toBe(
      `/console/api/claims/${REFERENCE}/documents/doc-1?download=1`,
    );
    expect(
      within(list)
        .getByRole("button", { name: "View Death certificate.pdf" })
        .getAttribute("aria-expanded"),
    ).toBe("false");
    expect(
      within(documents).getByText(/each beneficiary's documents are with their details/i),
    ).toBeTruthy();
  });

  it("says so when no document was filed", async () => {
    renderClaimScreen({ ...claimUnderReview, documents: [] });
    const documents = await screen.findByRole("region", { name: "Documents" });
    expect(within(documents).getByText("No documents.")).toBeTruthy();
    expect(within(documents).queryByRole("list")).toBeNull();
  });

  it("shows the claim as filed, section by section, each beneficiary with their documents", async () => {
    renderClaimScreen();
    const filed = await screen.findByRole("region", { name: "The claim as filed" });
    const headings = within(filed).getAllByRole("heading", { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(
      claimUnderReview.details.map((section) => section.title),
    );
    const claimDetails = panel("Claim details");
    expect(fieldOf(claimDetails, "Type of claim")).toBe("Death");
    const josephine = panel("Beneficiary 1: Josephine Bracken");
    expect(fieldOf(josephine, "Citizenship")).toBe("United States");
    expect(
      within(josephine).getByRole("list", { name: "Documents of Beneficiary 1: Josephine Bracken" })
        .textContent,
    ).toContain("Valid ID (front) - Josephine Bracken.pdf");
    const francisco = panel("Beneficiary 2: Francisco Bracken Rizal");
    expect(within(francisco).getByText("No documents.")).toBeTruthy();
  });

  it("reads the timeline newest first, a requested item's event under the item's name", async () => {
    renderClaimScreen();
    const timeline = await screen.findByRole("region", { name: "Timeline" });
    const entries = within(timeline).getAllByRole("listitem");
    expect(entries.map((entry) => entry.querySelector("strong")?.textContent)).toEqual([
      "Document received: Police report of the collision",
      "Status",
    ]);
    expect(entries[1]?.textContent).toContain("Status: Under review");
    expect(entries[1]?.textContent).toContain("by ana.reyes@insurer.com.ph · File opened");
    expect(entries[0]?.textContent).toContain("by claimant");
  });

  it("says what went wrong when the claim cannot be read", async () => {
    const message = "No submitted claim has this reference number.";
    renderClaimScreenAnswered({ status: 404, body: { error: "not-found", message } });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.queryByRole("region", { name: "Summary" })).toBeNull();
  });
});
