import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Calendar } from "./calendar.tsx";
import { LocaleContext } from "./locale.ts";

// The calendar names days and months with Intl in the chosen locale; English keeps its own names.

function renderIn(locale: string) {
  return render(
    <LocaleContext.Provider
      value={{ locale, catalogue: {}, failed: null, choose: () => undefined }}
    >
      <Calendar
        value="2026-11-25"
        min="2026-01-01"
        max="2026-12-31"
        confirm
        onDone={() => undefined}
        cancelText="Cancel"
        okText="OK"
      />
    </LocaleContext.Provider>,
  );
}

afterEach(cleanup);

describe("the calendar's names", () => {
  it("are English when English is chosen", () => {
    const { container } = renderIn("en");
    expect(screen.getByRole("option", { name: "November" })).toBeTruthy();
    expect(container.querySelector('th[aria-label="Wednesday"]')?.textContent).toBe("We");
    expect(
      screen.getByRole("button", { name: /^25 November 2026, Wednesday, selected/ }),
    ).toBeTruthy();
  });

  it("are Filipino when Filipino is chosen", () => {
    const { container } = renderIn("fil");
    expect(screen.getByRole("option", { name: "Nobyembre" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "November" })).toBeNull();
    expect(container.querySelector('th[aria-label="Miyerkules"]')?.textContent).toBe("Miy");
    expect(screen.getByRole("button", { name: /^25 Nobyembre 2026, Miyerkules/ })).toBeTruthy();
  });
});
