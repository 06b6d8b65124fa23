import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, examiner } from "../test-support/claim-answers.ts";
import { fakeConsoleApi } from "../test-support/fake-console-api.ts";
import { DataSubjectsScreen } from "./data-subjects-screen.tsx";

// An administrator looks a claimant up by number, sees what an erasure erases and what it keeps and
// why, confirms, and the erasure names only the erasable claims; the export is a ZIP link; a member
// without the right sees the title alone.

afterEach(cleanup);

const administrator = {
  ...examiner,
  role: "administrator",
  permissions: ["work-claims", "read-audit-log", "handle-data-subjects"],
};

const found = {
  mobileEnding: "4567",
  claims: [
    {
      webReferenceNumber: "KL-7KQ4-M9XP",
      purpose: "filing",
      status: "CLAIM COMPLETED",
      companyName: "Kalinga Life",
      createdAt: "2026-03-02T01:00:00.000Z",
      submittedAt: "2026-03-02T01:00:00.000Z",
      verdict: {
        erasable: false,
        reason: "within-retention",
        keptUntil: "2036-03-02T01:00:00.000Z",
      },
    },
    {
      webReferenceNumber: "KL-2222-3333",
      purpose: "filing",
      status: "draft",
      companyName: "Kalinga Life",
      createdAt: "2026-04-02T01:00:00.000Z",
      submittedAt: null,
      verdict: { erasable: true, reason: "unsubmitted" },
    },
  ],
};

function renderScreen(staff: object = administrator) {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff, csrfToken: CSRF_TOKEN } },
    "GET /data-subjects?mobile=0917%20123%204567": { body: found },
    "GET /data-subjects?email=josephine%40example.com": { body: { ...found, mobileEnding: null } },
    "POST /data-subjects/erasure": { body: { erased: ["KL-2222-3333"], files: 0 } },
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <DataSubjectsScreen />
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}

describe("the data subjects screen", () => {
  it("shows each claim's fate, confirms, and erases only what may go", async () => {
    const api = renderScreen();
    await userEvent.type(await screen.findByLabelText("Mobile number"), "0917 123 4567");
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Claims of the number ending 4567" }));
    const table = screen.getByRole("table");
    expect(within(table).getByRole("cell", { name: "Erased: never submitted" })).toBeTruthy();
    expect(
      within(table).getByRole("cell", {
        name: "Kept until Mar 2, 2036: claims records are kept by law",
      }),
    ).toBeTruthy();

    // The browser saves the ZIP from the link itself, streamed; the page makes no call for it.
    const exportLink = screen.getByRole("link", { name: "Export as ZIP" });
    expect(exportLink.getAttribute("href")).toBe(
      "/console/api/data-subjects/export?mobile=0917%20123%204567",
    );
    expect(exportLink.hasAttribute("download")).toBe(true);
    exportLink.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(exportLink);
    expect(
      await screen.findByText(
        "Downloading the ZIP of 2 claims: their data as JSON and their documents.",
      ),
    ).toBeTruthy();
    expect(api.calls("GET", "/data-subjects/export?mobile=0917%20123%204567")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Erase 1 claim…" }));
    const heading = await screen.findByRole("heading", { name: "Erase for good?" });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText("KL-7KQ4-M9XP: Kept until Mar 2, 2036: claims records are kept by law"),
    );
    expect(api.calls("POST", "/data-subjects/erasure")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Erase for good" }));
    expect(await screen.findByText("Erased 1 claim.")).toBeTruthy();
    const [erased] = api.calls("POST", "/data-subjects/erasure");
    expect(erased?.body).toEqual({ mobile: "0917 123 4567", references: ["KL-2222-3333"] });
    expect(erased?.headers.get("x-csrf-token")).toBe(CSRF_TOKEN);
  });

  it("looks up by e-mail address, and erases by it", async () => {
    const api = renderScreen();
    await userEvent.type(
      await screen.findByLabelText("Or an e-mail address"),
      "josephine@example.com",
    );
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Claims naming josephine@example.com" }));
    expect(screen.getByRole("link", { name: "Export as ZIP" }).getAttribute("href")).toBe(
      "/console/api/data-subjects/export?email=josephine%40example.com",
    );
    await userEvent.click(screen.getByRole("button", { name: "Erase 1 claim…" }));
    await userEvent.click(screen.getByRole("button", { name: "Erase for good" }));
    await screen.findByText("Erased 1 claim.");
    const [erased] = api.calls("POST", "/data-subjects/erasure");
    expect(erased?.body).toEqual({ email: "josephine@example.com", references: ["KL-2222-3333"] });
  });

  it("cancelling erases nothing; a member without the right sees no form", async () => {
    const api = renderScreen();
    await userEvent.type(await screen.findByLabelText("Mobile number"), "0917 123 4567");
    await userEvent.click(screen.getByRole("button", { name: "Look up" }));
    await userEvent.click(await screen.findByRole("button", { name: "Erase 1 claim…" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("heading", { name: "Erase for good?" })).toBeNull();
    expect(api.calls("POST", "/data-subjects/erasure")).toHaveLength(0);
    cleanup();

    renderScreen(examiner);
    expect(await screen.findByRole("heading", { name: "Data subjects" })).toBeTruthy();
    expect(screen.queryByLabelText("Mobile number")).toBeNull();
  });
});
