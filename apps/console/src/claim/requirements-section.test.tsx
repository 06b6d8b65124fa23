import { dueDateProblem } from "@kalinga/domain/route-inputs";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { claimUnderReview, previewToJosephine } from "../test-support/claim-answers.ts";
import { CLAIM_PATH, renderClaimScreen } from "../test-support/render-claim-screen.tsx";

// The documents an examiner asks for: each request's state and files, accepting or rejecting what
// was received, and asking for more with a preview of what the claimant will get.

const requested = () => screen.findByRole("region", { name: "Requested documents" });

/** The request in the list with this name. */
async function requestNamed(name: string): Promise<HTMLElement> {
  const heading = within(await requested()).getByRole("heading", { level: 3, name });
  return heading.closest("li") as HTMLElement;
}

describe("the requested documents", () => {
  it("shows each request with its state, due date and the files sent for it", async () => {
    renderClaimScreen();
    const police = await requestNamed("Police report of the collision");
    expect(police.textContent).toContain("Received, to check · Due Dec 4, 2026");
    expect(
      within(police).getByRole("list", { name: "Files sent for Police report of the collision" })
        .textContent,
    ).toContain("Police report of the collision.pdf");
    const marriage = await requestNamed("Marriage certificate");
    expect(marriage.textContent).toContain("The PSA copy, to show Josephine is the spouse");
    expect(marriage.textContent).toContain("Waiting for the claimant · Due Dec 11, 2026");
    // Only a received item is accepted or rejected.
    expect(within(marriage).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("says so when nothing was asked for", async () => {
    renderClaimScreen({ ...claimUnderReview, requirements: [] });
    expect(within(await requested()).getByText("Nothing has been asked for.")).toBeTruthy();
  });

  it("accepts a received item and reads the claim again", async () => {
    const api = renderClaimScreen();
    const police = await requestNamed("Police report of the collision");
    api.answer(`POST ${CLAIM_PATH}/requirements/req-1`, { body: { state: "accepted" } });
    await userEvent.click(within(police).getByRole("button", { name: "Accept" }));
    expect(api.calls("POST", `${CLAIM_PATH}/requirements/req-1`).map((c) => c.body)).toEqual([
      { accept: true },
    ]);
    await expect.poll(() => api.calls("GET", CLAIM_PATH).length).toBe(2);
  });

  it("rejects a received item with the reason the claimant reads, or says why it cannot", async () => {
    const api = renderClaimScreen();
    const police = await requestNamed("Police report of the collision");
    await userEvent.click(within(police).getByRole("button", { name: "Reject" }));
    const reason = within(police).getByLabelText("Why it is rejected (the claimant reads this)");
    expect(reason.hasAttribute("required")).toBe(true);
    await userEvent.type(reason, "The page with the officer's signature is missing");
    const refusal = "This item is not waiting for a decision.";
    api.answer(`POST ${CLAIM_PATH}/requirements/req-1`, {
      status: 409,
      body: { error: "requirement-not-found", message: refusal },
    });
    await userEvent.click(within(police).getByRole("button", { name: "Reject" }));
    expect((await within(police).findByRole("alert")).textContent).toBe(refusal);
    expect(api.calls("POST", `${CLAIM_PATH}/requirements/req-1`).map((c) => c.body)).toEqual([
      { accept: false, reason: "The page with the officer's signature is missing" },
    ]);
  });
});

describe("asking the claimant for documents", () => {
  const form = async () => screen.findByRole("form", { name: "Ask the claimant for documents" });

  it("previews the messages of the items typed, catalogue names filled in", async () => {
    const api = renderClaimScreen();
    const ask = await form();
    const document = within(ask).getByLabelText("Document");
    const birthCertificate = within(document)
      .getAllByRole("option")
      .find((option) => /birth/i.test(option.textContent ?? "")) as HTMLOptionElement;
    await userEvent.selectOptions(document, birthCertificate);
    const description = within(ask).getByLabelText("What is wanted and why, in plain words");
    expect((description as HTMLTextAreaElement).value).toBe(birthCertificate.textContent);
    api.answer(`POST ${CLAIM_PATH}/requirements/preview`, { body: previewToJosephine });
    await userEvent.click(within(ask).getByRole("button", { name: "Preview the messages" }));
    const preview = await within(ask).findByRole("region", { name: "What the claimant will get" });
    expect(preview.textContent).toContain("To Josephine Bracken, the beneficiary who filed");
    expect(preview.textContent).toContain("To the verified mobile number +639181234567");
    expect(preview.textContent).toContain(previewToJosephine.sms);
    expect(preview.textContent).toContain("To josephine@example.com");
    expect(api.calls("POST", `${CLAIM_PATH}/requirements/preview`)[0]?.body).toEqual({
      requirements: [
        {
          documentCd: birthCertificate.value,
          description: birthCertificate.textContent,
          dueDate: null,
        },
      ],
    });
  });

  it("shows the server's message for a due date too soon and keeps what was typed", async () => {
    const api = renderClaimScreen();
    const ask = await form();
    await userEvent.type(within(ask).getByLabelText(/What is wanted/), "Hospital bill");
    await userEvent.type(within(ask).getByLabelText(/Due date/), "2026-03-02");
    const tooSoon = dueDateProblem("2026-03-02", "2026-03-02") as string;
    api.answer(`POST ${CLAIM_PATH}/requirements`, {
      status: 400,
      body: {
        error: "invalid-request",
        errors: [{ field: "requirements.0.dueDate", message: tooSoon }],
      },
    });
    await userEvent.click(within(ask).getByRole("button", { name: "Send the request" }));
    expect((await within(ask).findByRole("alert")).textContent).toBe(tooSoon);
    expect((within(ask).getByLabelText(/What is wanted/) as HTMLTextAreaElement).value).toBe(
      "Hospital bill",
    );
  });

  it("sends several items at once with the session's token, then starts a new request", async () => {
    const api = renderClaimScreen();
    const ask = await form();
    await userEvent.type(within(ask).getByLabelText(/What is wanted/), "Hospital bill");
    await userEvent.click(within(ask).getByRole("button", { name: "Add another item" }));
    const second = within(ask).getByRole("group", { name: "Item 2" });
    await userEvent.type(within(second).getByLabelText(/What is wanted/), "Funeral receipt");
    api.answer(`POST ${CLAIM_PATH}/requirements`, { body: { requirementIds: ["a", "b"] } });
    await userEvent.click(within(ask).getByRole("button", { name: "Send the request" }));
    expect(await within(ask).findByText("The request was sent to the claimant.")).toBeTruthy();
    const [sent] = api.calls("POST", `${CLAIM_PATH}/requirements`);
    expect(sent?.body).toEqual({
      requirements: [
        { documentCd: null, description: "Hospital bill", dueDate: null },
        { documentCd: null, description: "Funeral receipt", dueDate: null },
      ],
    });
    expect(sent?.headers.get("x-csrf-token")).toBe("csrf-token-of-the-session");
    expect(within(ask).getAllByRole("group")).toHaveLength(1);
    await expect.poll(() => api.calls("GET", CLAIM_PATH).length).toBe(2);
  });

  it("removes an item added by mistake", async () => {
    renderClaimScreen();
    const ask = await form();
    await userEvent.click(within(ask).getByRole("button", { name: "Add another item" }));
    await userEvent.click(within(ask).getByRole("button", { name: "Remove item 2" }));
    expect(
      within(ask)
        .getAllByRole("group")
        .map((group) => group.querySelector("legend")?.textContent),
    ).toEqual(["Item 1"]);
  });

  it("is not offered once the claim is decided", async () => {
    renderClaimScreen({ ...claimUnderReview, status: "CLAIM COMPLETED", allowedNextStatuses: [] });
    const panel = await requested();
    expect(
      within(panel).getByText("Documents can no longer be asked for at this claim's status."),
    ).toBeTruthy();
    expect(within(panel).queryByRole("form")).toBeNull();
  });
});
