import { TEST_COMPANIES } from "@kalinga/domain/fixtures/companies";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWidget } from "../test-support/widget-under-test.tsx";
import { resolveWidgetSetting } from "../widget/widget-options.ts";
import { configureWidget } from "../widget/widget-setting.ts";
import { BrandMark } from "./brand-mark.tsx";

// The company's logo above the screens (decision 0093), named by its display name.

const options = { apiBase: "/api", apiKey: "k", routerBase: "/", locale: "en" };
const at = (pathname: string) => ({ pathname, host: "www.kalinga.example" }) as Location;

beforeEach(async () => {
  await openWidget("corporate-website");
});
afterEach(cleanup);

describe("BrandMark", () => {
  it("shows the configured logo named by the display name, and nothing without one", () => {
    const [first] = TEST_COMPANIES;
    if (!first) throw new Error("the fixtures have a first company");
    const logoUrl = "https://cdn.kalinga.example/logo.svg";
    const branded = { ...first, brand: { ...first.brand, logoUrl } };
    configureWidget(resolveWidgetSetting(options, at("/help-support/claims"), [branded]));
    const shown = render(<BrandMark />);
    const logo = screen.getByRole("img", { name: "Kalinga Life" });
    expect(logo.getAttribute("src")).toBe(logoUrl);
    shown.unmount();

    configureWidget(resolveWidgetSetting(options, at("/help-support/claims"), TEST_COMPANIES));
    render(<BrandMark />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
