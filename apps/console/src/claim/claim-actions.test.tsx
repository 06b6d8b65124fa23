import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { claimUnderReview, previewToJosephine, supervisor } from "../test-support/claim-answers.ts";
import { CLAIM_PATH, renderClaimScreen } from "../test-support/render-claim-screen.tsx";

// What an examiner does to a claim: change its status (a decision with it), match its policy,
// assign it, and keep notes; each with the server's answer shown where the examiner acted.

const panel = (name: string) => screen.findByRole("region", { name });

describe("changing the status", () => {
  it("offers only the statuses that may follow, and asks for the decision with its own", async () => {
    renderClaimScreen();
    const status = await panel("Change the status");
    const next = within(status).getByLabelText("New status");
    expect(
      within(next)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["—", "Pending requirements", "With claim decision"]);
    expect(within(status).queryByLabelText("Decision reason code")).toBeNull();
    expect(
      within(status)
        .getByRole("button", { name: "See what this change tells the claimant" })
        .hasAttribute("disabled"),
    ).toBe(true);
    await userEvent.selectOptions(next, "WITH CLAIM DECISION");
    expect(
      within(within(status).getByLabelText("Decision"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Approved", "Partly approved", "Denied"]);
    expect(within(status).getByLabelText("Decision reason code").hasAttribute("required")).toBe(
      true,
    );
    expect(
      within(status).getByLabelText("Why it is not fully approved (the claimant reads this)"),
    ).toBeTruthy();
  });

  it("previews the messages, then records the decision and says the new status", async () => {
    const api = renderClaimScreen();
    const status = await panel("Change the status");
    await userEvent.selectOptions(
      within(status).getByLabelText("New status"),
      "WITH CLAIM DECISION",
    );
    await userEvent.selectOptions(within(status).getByLabelText("Decision"), "denied");
    await userEvent.type(within(status).getByLabelText("Decision reason code"), "DN-01");
    await userEvent.type(
      within(status).getByLabelText(/Why it is not fully approved/),
      "The policy had lapsed",
    );
    await userEvent.type(within(status).getByLabelText("Reason (kept in the timeline)"), "Checked");
    const change = {
      status: "WITH CLAIM DECISION",
      reason: "Checked",
      decision: { outcome: "denied", reasonCode: "DN-01", reason: "The policy had lapsed" },
    };
    api.answer(`POST ${CLAIM_PATH}/status/preview`, { body: previewToJosephine });
    await userEvent.click(
      within(status).getByRole("button", { name: "See what this change tells the claimant" }),
    );
    expect(
      (await within(status).findByRole("region", { name: "What the claimant will get" }))
        .textContent,
    ).toContain(previewToJosephine.sms);
    expect(api.calls("POST", `${CLAIM_PATH}/status/preview`)[0]?.body).toEqual(change);

    api.answer(`POST ${CLAIM_PATH}/status`, { body: { status: "WITH CLAIM DECISION" } });
    await userEvent.click(within(status).getByRole("button", { name: "Change status" }));
    expect(await within(status).findByText('The claim is now "With claim decision".')).toBeTruthy();
    expect(api.calls("POST", `${CLAIM_PATH}/status`)[0]?.body).toEqual(change);
    expect(within(status).queryByRole("region", { name: "What the claimant will get" })).toBeNull();
  });

  it("shows why the server refused the change", async () => {
    const api = renderClaimScreen();
    const status = await panel("Change the status");
    await userEvent.selectOptions(
      within(status).getByLabelText("New status"),
      "PENDING DUE TO INCOMPLETE REQUIREMENTS",
    );
    const refusal = "Ask for the missing documents to move the claim to pending.";
    api.answer(`POST ${CLAIM_PATH}/status`, {
      status: 409,
      body: { error: "needs-requirements", message: refusal },
    });
    await userEvent.click(within(status).getByRole("button", { name: "Change status" }));
    expect((await within(status).findByRole("alert")).textContent).toBe(refusal);
    expect(api.calls("POST", `${CLAIM_PATH}/status`)[0]?.body).toEqual({
      status: "PENDING DUE TO INCOMPLETE REQUIREMENTS",
      reason: null,
      decision: null,
    });
  });

  it("says so when no status can follow", async () => {
    renderClaimScreen({ ...claimUnderReview, allowedNextStatuses: [] });
    const status = await panel("Change the status");
    expect(within(status).getByText("No status can follow the current one.")).toBeTruthy();
    expect(within(status).queryByLabelText("New status")).toBeNull();
  });
});

describe("the policy match", () => {
  it("starts from the claim's match and shows each field's message from the server", async () => {
    const api = renderClaimScreen();
    const policy = await panel("Policy match");
    const number = within(policy).getByLabelText("Policy number") as HTMLInputElement;
    expect(number.value).toBe("1234567890");
    expect((within(policy).getByLabelText("Match code") as HTMLSelectElement).value).toBe("1");
    await userEvent.clear(number);
    await userEvent.type(number, "12AB");
    const message = "Policy number has characters that cannot be saved. Please retype it.";
    api.answer(`POST ${CLAIM_PATH}/policy-match`, {
      status: 400,
      body: { error: "invalid-request", errors: [{ field: "policyNumber", message }] },
    });
    await userEvent.click(within(policy).getByRole("button", { name: "Save policy match" }));
    expect((await within(policy).findByRole("alert")).textContent).toBe(message);
    expect(api.calls("POST", `${CLAIM_PATH}/policy-match`)[0]?.body).toEqual({
      policyNumber: "12AB",
      matchCode: 1,
    });

    api.answer(`POST ${CLAIM_PATH}/policy-match`, { body: {} });
    await userEvent.click(within(policy).getByRole("button", { name: "Save policy match" }));
    expect(await within(policy).findByText("The policy match was saved.")).toBeTruthy();
    expect(within(policy).queryByRole("alert")).toBeNull();
  });
});

describe("the assignment", () => {
  it("is a supervisor's: an examiner does not see it", async () => {
    const api = renderClaimScreen();
    await panel("Change the status");
    await expect.poll(() => api.calls("GET", "/session").length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Assignment" })).toBeNull();
    expect(api.calls("GET", "/staff")).toEqual([]);
  });

  it("offers the active staff and says to whom the claim went", async () => {
    const api = renderClaimScreen(claimUnderReview, supervisor);
    const assignment = await panel("Assignment");
    const to = within(assignment).getByLabelText("Assign to") as HTMLSelectElement;
    await expect
      .poll(() =>
        within(to)
          .getAllByRole("option")
          .map((option) => option.textContent),
      )
      .toEqual(["Nobody", "Ana Reyes (Examiner)"]);
    expect(to.value).toBe("staff-ana");
    await userEvent.selectOptions(to, "");
    api.answer(`POST ${CLAIM_PATH}/assignment`, { body: { assigneeName: null } });
    await userEvent.click(within(assignment).getByRole("button", { name: "Assign" }));
    expect(await within(assignment).findByText("No longer assigned.")).toBeTruthy();
    expect(api.calls("POST", `${CLAIM_PATH}/assignment`)[0]?.body).toEqual({ staffId: null });
  });
});

describe("the notes", () => {
  it("lists the notes and adds one, emptying the box", async () => {
    const api = renderClaimScreen();
    const notes = await panel("Notes");
    expect(notes.textContent).toContain("Called the spouse about the marriage certificate.");
    expect(notes.textContent).toContain("Ana Reyes ·");
    const box = within(notes).getByLabelText(
      "New note (staff only; the claimant never sees notes)",
    ) as HTMLTextAreaElement;
    await userEvent.type(box, "Asked for the PSA copy");
    api.answer(`POST ${CLAIM_PATH}/notes`, { body: {} });
    await userEvent.click(within(notes).getByRole("button", { name: "Add note" }));
    await expect.poll(() => box.value).toBe("");
    expect(api.calls("POST", `${CLAIM_PATH}/notes`)[0]?.body).toEqual({
      body: "Asked for the PSA copy",
    });
  });

  it("says so when there is none", async () => {
    renderClaimScreen({ ...claimUnderReview, notes: [] });
    expect(within(await panel("Notes")).getByText("No notes yet.")).toBeTruthy();
  });
});
