import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, examiner } from "../test-support/claim-answers.ts";
import { fakeConsoleApi } from "../test-support/fake-console-api.ts";
import { NoticesScreen } from "./notices-screen.tsx";

// An administrator schedules, changes and ends the temporarily-unavailable notice: the times go as
// ISO times, a refused window is shown under its field and focused, a member without the right
// sees no list.

afterEach(cleanup);

const administrator = {
  ...examiner,
  role: "administrator",
  permissions: ["work-claims", "manage-staff", "manage-companies", "manage-notices"],
};

const scheduled = {
  id: "7b0f9a52-27d4-4b43-9d61-3f0f6d6f1c11",
  company: "first",
  channel: "corporate-website",
  title: "Systems upgrade",
  content: "Filing pauses tonight.",
  startTime: "2026-12-01T14:00:00.000Z",
  endTime: "2026-12-01T20:00:00.000Z",
  showCloseStartTime: "2026-12-01T15:00:00.000Z",
  showCloseEndTime: "2026-12-01T19:00:00.000Z",
  updatedAt: "2026-11-28T01:00:00.000Z",
  updatedBy: "ana.reyes@kalinga-life.example",
};

function renderScreen(staff: object = administrator, notices: object[] = [scheduled]) {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff, csrfToken: CSRF_TOKEN } },
    "GET /notices": { body: { notices } },
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <NoticesScreen />
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}

async function fillIn() {
  await userEvent.type(await screen.findByLabelText("Company id"), "first");
  await userEvent.selectOptions(screen.getByLabelText("Channel"), "member-portal");
  await userEvent.type(screen.getByLabelText("Title"), "Systems upgrade");
  await userEvent.type(screen.getByLabelText("Text"), "Filing pauses tonight.");
  const times = {
    "Shows from": "2026-12-01T22:00",
    "Shows until": "2026-12-02T04:00",
    "Close icon from": "2026-12-01T23:00",
    "Close icon until": "2026-12-02T03:00",
  };
  for (const [label, value] of Object.entries(times)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe("the notices screen", () => {
  it("lists the notices not ended and schedules one with its times as ISO times", async () => {
    const api = renderScreen();
    expect(await screen.findByRole("cell", { name: "Systems upgrade" })).toBeTruthy();
    api.answer("POST /notices", { body: { notice: scheduled } });
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Systems upgrade is scheduled.")).toBeTruthy();
    const [sent] = api.calls("POST", "/notices");
    expect(sent?.headers.get("x-csrf-token")).toBe(CSRF_TOKEN);
    expect(sent?.body).toMatchObject({
      company: "first",
      channel: "member-portal",
      title: "Systems upgrade",
      startTime: new Date("2026-12-01T22:00").toISOString(),
      showCloseEndTime: new Date("2026-12-02T03:00").toISOString(),
    });
    expect(api.calls("GET", "/notices").length).toBeGreaterThan(1);
  });

  it("shows a refused window under its field and focuses it", async () => {
    const api = renderScreen(administrator, []);
    expect(await screen.findByText("No notice is scheduled.")).toBeTruthy();
    api.answer("POST /notices", {
      status: 400,
      body: {
        error: "invalid-request",
        errors: [
          {
            field: "showCloseEndTime",
            rule: "close-inside-show",
            message: "The close window must lie inside the window the notice shows in.",
          },
        ],
      },
    });
    await fillIn();
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }));
    const until = screen.getByLabelText("Close icon until");
    expect(await screen.findByText(/The close window must lie inside/)).toBeTruthy();
    expect(until.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(until);
  });

  it("changes a listed notice from its values, and ends one", async () => {
    const api = renderScreen();
    await userEvent.click(await screen.findByRole("button", { name: "Change Systems upgrade" }));
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Systems upgrade");
    api.answer(`POST /notices/${scheduled.id}`, { body: { notice: scheduled } });
    await userEvent.click(screen.getByRole("button", { name: "Save the change" }));
    expect(await screen.findByText("Systems upgrade is changed.")).toBeTruthy();
    expect(api.calls("POST", `/notices/${scheduled.id}`)[0]?.body).toMatchObject({
      startTime: scheduled.startTime,
      channel: "corporate-website",
    });

    api.answer(`POST /notices/${scheduled.id}/end`, { body: { notice: scheduled } });
    await userEvent.click(screen.getByRole("button", { name: "End Systems upgrade now" }));
    expect(await screen.findByText("Systems upgrade has ended.")).toBeTruthy();
  });

  it("shows a member without the right the title alone", async () => {
    const api = renderScreen(examiner);
    expect(await screen.findByRole("heading", { name: "Notices" })).toBeTruthy();
    expect(screen.queryByLabelText("Title")).toBeNull();
    expect(api.calls("GET", "/notices")).toHaveLength(0);
  });
});
