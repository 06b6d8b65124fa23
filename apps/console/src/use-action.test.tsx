import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formFields, useAction } from "./use-action.ts";

// The console screens' shared call handling: one refusal and one notice at a time, each cleared
// when the next call starts; a refusal a screen shows its own way is not kept.

afterEach(cleanup);

describe("useAction", () => {
  it("keeps the notice of a call that went and the refusal of one that did not, clearing each", async () => {
    const { result } = renderHook(() => useAction());
    let went: boolean | undefined;
    await act(async () => {
      went = await result.current.run(async () => "Saved.");
    });
    expect(went).toBe(true);
    expect(result.current).toMatchObject({ done: "Saved.", failure: null });

    const refusal = new Error("refused");
    await act(async () => {
      went = await result.current.run(async () => {
        throw refusal;
      });
    });
    expect(went).toBe(false);
    expect(result.current).toMatchObject({ done: null, failure: refusal });

    await act(async () => {
      await result.current.run(async () => undefined);
    });
    expect(result.current).toMatchObject({ done: null, failure: null });
  });

  it("leaves a refusal the screen takes to the screen", async () => {
    const { result } = renderHook(() => useAction());
    const taken: unknown[] = [];
    await act(async () => {
      await result.current.run(
        async () => {
          throw new Error("fields");
        },
        (reason) => taken.push(reason) > 0,
      );
    });
    expect(taken).toHaveLength(1);
    expect(result.current.failure).toBeNull();
  });
});

describe("formFields", () => {
  it("reads a form's fields as typed, an absent one as empty", () => {
    const form = document.createElement("form");
    form.innerHTML = '<input name="mobile" value=" 0917 123 4567 "><input name="claim" value="">';
    const text = formFields(form);
    expect(text("mobile")).toBe(" 0917 123 4567 ");
    expect(text("claim")).toBe("");
    expect(text("email")).toBe("");
  });
});
