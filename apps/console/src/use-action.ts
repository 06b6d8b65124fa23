import { useCallback, useState } from "react";

// What every form and list screen of the console repeats around its calls: one call's refusal and
// one success notice at a time, each cleared when the next call starts; and a form's fields read.

/** What a call left: the refusal to show (FormMessage), the notice of what was done (Notice). */
export function useAction() {
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  /**
   * Runs a screen's call: clears the last refusal and notice, shows the text the action answers,
   * or keeps its refusal, unless `refused` takes it (true) to show its own way. True when it went.
   */
  const run = useCallback(
    async (
      action: () => Promise<unknown>,
      refused?: (reason: unknown) => boolean,
    ): Promise<boolean> => {
      setFailure(null);
      setDone(null);
      try {
        const notice = await action();
        if (typeof notice === "string") setDone(notice);
        return true;
      } catch (reason) {
        if (!refused?.(reason)) setFailure(reason);
        return false;
      }
    },
    [],
  );

  return { failure, done, run, setFailure, setDone };
}

/** A submitted form's fields as the text typed (an absent field reads ""). */
export function formFields(form: HTMLFormElement): (name: string) => string {
  const sent = new FormData(form);
  return (name) => String(sent.get(name) ?? "");
}
