import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { Layout } from "../layout.tsx";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, examiner } from "../test-support/claim-answers.ts";
import { type Answer, fakeConsoleApi } from "../test-support/fake-console-api.ts";
import { PasswordScreen } from "./password-screen.tsx";

// A signed-in member opens "Change password" from the console's frame and changes it: the new
// password typed twice, the server's refusals shown where they belong, the success said.

afterEach(cleanup);

const CURRENT = "correct horse battery";
const NEW = "a much longer new passphrase";

/** The console's frame at `path`, signed in, with the password screen as one of its pages. */
function renderConsole(path: string, changeAnswer?: Answer) {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff: examiner, csrfToken: CSRF_TOKEN } },
    ...(changeAnswer ? { "POST /session/password": changeAnswer } : {}),
  });
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<h1 tabIndex={-1}>Queue</h1>} />
            <Route path="password" element={<PasswordScreen />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}

async function fillIn(current: string, next: string, again = next) {
  await screen.findByRole("heading", { name: "Change your password" });
  await userEvent.type(screen.getByLabelText("Current password"), current);
  await userEvent.type(screen.getByLabelText("New password"), next);
  await userEvent.type(screen.getByLabelText("New password again"), again);
  await userEvent.click(screen.getByRole("button", { name: "Change password" }));
}

describe("changing one's own password", () => {
  it("is a link of the signed-in frame that opens the form, its heading focused", async () => {
    renderConsole("/");
    await userEvent.click(await screen.findByRole("link", { name: "Change password" }));
    const heading = await screen.findByRole("heading", { name: "Change your password" });
    expect(document.activeElement).toBe(heading);
    const current = screen.getByLabelText("Current password");
    expect(current.getAttribute("type")).toBe("password");
    expect(current.getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByLabelText("New password").getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getByText(/Use 12 to 128 characters/).id).toBe(
      screen.getByLabelText("New password").getAttribute("aria-describedby"),
    );
  });

  it("sends both passwords with the session's CSRF token and says it is done, and that other sessions ended", async () => {
    const api = renderConsole("/password", {
      body: { changed: true, otherSessionsEnded: 2 },
    });
    await fillIn(CURRENT, NEW);
    expect(
      await screen.findByText(
        "Your password is changed. Use it the next time you sign in. Your 2 other sessions were signed out.",
      ),
    ).toBeTruthy();
    const [sent] = api.calls("POST", "/session/password");
    expect(sent?.body).toEqual({ currentPassword: CURRENT, newPassword: NEW });
    expect(sent?.headers.get("x-csrf-token")).toBe(CSRF_TOKEN);
    expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("");
  });

  it("asks for the new password again when the two differ, and calls nothing", async () => {
    const api = renderConsole("/password", { body: { changed: true, otherSessionsEnded: 0 } });
    await fillIn(CURRENT, NEW, `${NEW}!`);
    const again = screen.getByLabelText("New password again");
    expect(again.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/The two new passwords are not the same/).id).toBe(
      again.getAttribute("aria-describedby"),
    );
    expect(document.activeElement).toBe(again);
    expect(api.calls("POST", "/session/password")).toHaveLength(0);
  });

  it("shows a wrong current password's refusal and stays signed in", async () => {
    renderConsole("/password", {
      status: 401,
      body: { error: "wrong", message: "Your current password is not right." },
    });
    await fillIn("not my password", NEW);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Your current password is not right.",
    );
    expect(screen.getByRole("heading", { name: "Change your password" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Change password" })).toBeTruthy();
  });

  it("shows a wait the server asks for", async () => {
    renderConsole("/password", {
      status: 429,
      body: {
        error: "too-many-tries",
        message: "Too many wrong tries from here. Wait 30 seconds.",
      },
    });
    await fillIn(CURRENT, NEW);
    expect((await screen.findByRole("alert")).textContent).toMatch(/Wait 30 seconds/);
  });

  it("shows a field the server refused under that field", async () => {
    renderConsole("/password", {
      status: 400,
      body: {
        error: "invalid-request",
        errors: [
          {
            field: "newPassword",
            rule: "not-current",
            message: "Choose a new password that is not your current one.",
          },
        ],
      },
    });
    await fillIn(CURRENT, CURRENT);
    const next = screen.getByLabelText("New password");
    expect(
      await screen.findByText("Choose a new password that is not your current one."),
    ).toBeTruthy();
    expect(next.getAttribute("aria-invalid")).toBe("true");
    expect(next.getAttribute("aria-describedby")).toContain("own-newPassword-error");
    expect(document.activeElement).toBe(next);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
