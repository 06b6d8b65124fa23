import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, examiner } from "../test-support/claim-answers.ts";
import { fakeConsoleApi } from "../test-support/fake-console-api.ts";
import { CompaniesScreen } from "./companies-screen.tsx";

// An administrator changes a company as JSON: the server's refusal is listed with its fields, a
// saved change is said and the list read again; a member without the right sees no list.

afterEach(cleanup);

const administrator = {
  ...examiner,
  role: "administrator",
  permissions: ["work-claims", "manage-staff", "manage-companies"],
};

const bank = {
  id: "bank-partner",
  companyName: "Bank Life",
  brand: { primaryColour: "#0a5bab", onPrimaryColour: "#ffffff" },
};
const listed = (version: number, companyName = bank.companyName) => ({
  companies: [
    {
      id: "bank-partner",
      version,
      updatedAt: "2026-03-02T01:00:00.000Z",
      updatedBy: "seed",
      config: { ...bank, companyName },
    },
  ],
});

function renderScreen(staff: object = administrator) {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff, csrfToken: CSRF_TOKEN } },
    "GET /companies": { body: listed(1) },
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <CompaniesScreen />
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}

async function openEditor() {
  await userEvent.click(await screen.findByRole("button", { name: "Change bank-partner" }));
  const editor = screen.getByLabelText("Configuration (JSON)") as HTMLTextAreaElement;
  expect(document.activeElement).toBe(editor);
  return editor;
}

describe("the companies screen", () => {
  it("lists the companies with their version and who changed them last", async () => {
    renderScreen();
    const table = await screen.findByRole("table", { name: "Companies" });
    const cells = within(table)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(["bank-partner", "Bank Life", "1"]);
    expect(cells[3]).toContain("by seed");
  });

  it("lists each field the server refused, and saves nothing", async () => {
    const api = renderScreen();
    const editor = await openEditor();
    expect(JSON.parse(editor.value)).toEqual(bank);
    const refused = {
      field: "brand.primaryColour",
      rule: "company-config",
      message:
        'Company "bank-partner", brand.primaryColour: A colour is written #rrggbb, e.g. #0a5bab.',
    };
    api.answer("POST /companies", {
      status: 400,
      body: { error: "invalid-request", errors: [refused] },
    });
    await userEvent.clear(editor);
    await userEvent.click(editor);
    await userEvent.paste(
      JSON.stringify({ ...bank, brand: { ...bank.brand, primaryColour: "x" } }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(refused.message);
    expect(editor.getAttribute("aria-invalid")).toBe("true");
    expect(api.calls("POST", "/companies")[0]?.body).toEqual({
      version: 1,
      config: { ...bank, brand: { ...bank.brand, primaryColour: "x" } },
    });
  });

  it("says what is wrong with text that is not JSON, without calling the server", async () => {
    const api = renderScreen();
    const editor = await openEditor();
    await userEvent.clear(editor);
    await userEvent.type(editor, "not json");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The configuration is not valid JSON",
    );
    expect(api.calls("POST", "/companies")).toEqual([]);
  });

  it("saves a change with the version read, says so and reads the list again", async () => {
    const api = renderScreen();
    const editor = await openEditor();
    api.answer("POST /companies", { body: { id: "bank-partner", version: 2 } });
    api.answer("GET /companies", { body: listed(2, "Bank Life Assurance") });
    await userEvent.clear(editor);
    await userEvent.click(editor);
    await userEvent.paste(JSON.stringify({ ...bank, companyName: "Bank Life Assurance" }));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "Company bank-partner was saved (version 2). Every server uses it within a minute.",
      ),
    ).toBeTruthy();
    expect(await screen.findByRole("cell", { name: "Bank Life Assurance" })).toBeTruthy();
    expect(screen.queryByLabelText("Configuration (JSON)")).toBeNull();
  });

  it("shows a member without the right no list", async () => {
    const api = renderScreen(examiner);
    expect(await screen.findByRole("heading", { name: "Companies" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(api.calls("GET", "/companies")).toEqual([]);
  });
});
