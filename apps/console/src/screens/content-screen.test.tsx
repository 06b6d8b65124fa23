import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../session.tsx";
import { CSRF_TOKEN, examiner } from "../test-support/claim-answers.ts";
import { fakeConsoleApi } from "../test-support/fake-console-api.ts";
import { ContentScreen } from "./content-screen.tsx";

// A content editor opens a company, channel and language, finds a key, edits it beside its English,
// saves the draft, sees the completeness problems, publishes and rolls back; others see no editor.

afterEach(cleanup);

const editor = { ...examiner, role: "content-editor", permissions: ["edit-content"] };
const QUERY = "?company=first&channel=corporate-website&locale=fil";
const SMS_KEY = "messages-acknowledgment.acknowledgmentSms";
const version = {
  number: 1,
  texts: { "claimDetails.title": "Ano ang nangyari" },
  createdBy: "ana.reyes@kalinga-life.example",
  publishedAt: "2026-11-28T01:00:00.000Z",
  publishedBy: "ana.reyes@kalinga-life.example",
  rolledBackFrom: null,
};

function renderScreen(staff: object = editor) {
  const api = fakeConsoleApi({
    "GET /session": { body: { staff, csrfToken: CSRF_TOKEN } },
    [`GET /content${QUERY}`]: {
      body: {
        english: {
          "claimDetails.title": "Claim details",
          "otp.tip": "Tip: wait a minute.",
          [SMS_KEY]: "{company} received your claim, ref. {reference}.",
        },
        file: { "claimDetails.title": "Detalye ng claim" },
        draft: {},
        updatedAt: null,
        updatedBy: null,
        published: null,
      },
    },
    [`GET /content/versions${QUERY}`]: { body: { versions: [version] } },
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <ContentScreen />
      </MemoryRouter>
    </SessionProvider>,
  );
  return api;
}

async function open() {
  await userEvent.type(await screen.findByLabelText("Company id"), "first");
  const locale = screen.getByLabelText("Language");
  await userEvent.clear(locale);
  await userEvent.type(locale, "fil");
  await userEvent.click(screen.getByRole("button", { name: "Open" }));
}

describe("the content screen", () => {
  it("edits a text beside its English, saves the draft and publishes", async () => {
    const api = renderScreen();
    await open();
    const title = await screen.findByLabelText("Text of claimDetails.title");
    expect((title as HTMLTextAreaElement).value).toBe("Detalye ng claim");
    expect(screen.getByRole("cell", { name: "Claim details" })).toBeTruthy();

    await userEvent.type(screen.getByLabelText("Search keys and texts"), "otp");
    expect(screen.queryByLabelText("Text of claimDetails.title")).toBeNull();
    await userEvent.clear(screen.getByLabelText("Search keys and texts"));

    await userEvent.clear(screen.getByLabelText("Text of claimDetails.title"));
    await userEvent.type(screen.getByLabelText("Text of claimDetails.title"), "Ano ang nangyari");
    api.answer("POST /content/draft", { body: { draft: version.texts } });
    await userEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Draft saved.")).toBeTruthy();
    expect(api.calls("POST", "/content/draft")[0]?.body).toEqual({
      company: "first",
      channel: "corporate-website",
      locale: "fil",
      texts: { "claimDetails.title": "Ano ang nangyari" },
    });

    api.answer("POST /content/publish", { body: { version: { ...version, number: 2 } } });
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Published as version 2.")).toBeTruthy();
  });

  it("lists the problems a publish is refused with, and rolls back a version", async () => {
    const api = renderScreen();
    await open();
    await screen.findByLabelText("Text of claimDetails.title");
    api.answer("GET /content/check?company=first&channel=corporate-website&locale=fil", {
      body: { problems: [{ key: "otp.tip", problem: "missing" }] },
    });
    await userEvent.click(screen.getByRole("button", { name: "Check completeness" }));
    expect(await screen.findByText("otp.tip: no text in this language")).toBeTruthy();

    api.answer("POST /content/roll-back", { body: { version: { ...version, number: 3 } } });
    await userEvent.click(screen.getByRole("button", { name: "Roll back to version 1" }));
    expect(await screen.findByText("Version 1 published again as version 3.")).toBeTruthy();
    expect(api.calls("POST", "/content/roll-back")[0]?.body).toMatchObject({ number: 1 });
  });

  it("finds the acknowledgment SMS and names the placeholders a check finds wrong", async () => {
    const api = renderScreen();
    await open();
    await userEvent.type(await screen.findByLabelText("Search keys and texts"), "messages-");
    expect(screen.getByText("1 of 1 keys shown")).toBeTruthy();
    expect(screen.queryByLabelText("Text of claimDetails.title")).toBeNull();
    const sms = screen.getByLabelText(`Text of ${SMS_KEY}`) as HTMLTextAreaElement;
    expect(sms.value).toBe("{company} received your claim, ref. {reference}.");
    await userEvent.clear(sms);
    await userEvent.type(sms, "{{company} got claim {{ref}");
    api.answer("GET /content/check?company=first&channel=corporate-website&locale=fil", {
      body: {
        problems: [
          {
            key: SMS_KEY,
            problem: "slots",
            expected: ["company", "reference"],
            found: ["company", "ref"],
          },
        ],
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Check completeness" }));
    expect(
      await screen.findByText(
        `${SMS_KEY}: the placeholders differ from the English; put back {reference}; take out {ref}`,
      ),
    ).toBeTruthy();
  });

  it("shows a member without the right the title alone", async () => {
    const api = renderScreen(examiner);
    expect(await screen.findByRole("heading", { name: "Content" })).toBeTruthy();
    expect(screen.queryByLabelText("Company id")).toBeNull();
    expect(api.calls("GET", `/content${QUERY}`)).toHaveLength(0);
  });
});
