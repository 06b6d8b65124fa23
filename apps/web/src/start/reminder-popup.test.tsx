import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWidget, renderAt } from "../test-support/widget-under-test.tsx";
import { resolveWidgetSetting } from "../widget/widget-options.ts";
import { configureWidget } from "../widget/widget-setting.ts";
import { ReminderPopup } from "./reminder-popup.tsx";

// What the company configures is what the claimant reads (decision 0093): its member portal's name
// in the reminder.

const options = { apiBase: "/api", apiKey: "k", routerBase: "/", locale: "en" };
const at = (pathname: string) => ({ pathname, host: "www.kalinga.example" }) as Location;

beforeEach(async () => {
  await openWidget("corporate-website");
});
afterEach(cleanup);

describe("the reminder popup", () => {
  it("names the company's member portal in the reminder", async () => {
    renderAt("/cf", <ReminderPopup />);
    const dialog = await screen.findByRole("dialog", { name: "Filing a living claim?" });
    expect(dialog.textContent).toContain(
      "you may enrol in the Kalinga Life Member Portal to file and follow your claim",
    );
    expect(
      screen.getByRole("button", { name: "Enroll in Kalinga Life Member Portal" }),
    ).toBeTruthy();
  });

  it("says Member Portal when the widget runs without a company", async () => {
    configureWidget(resolveWidgetSetting(options, at("/help-support/claims"), []));
    renderAt("/cf", <ReminderPopup />);
    expect(await screen.findByRole("button", { name: "Enroll in Member Portal" })).toBeTruthy();
  });
});
