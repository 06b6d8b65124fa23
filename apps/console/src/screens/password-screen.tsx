import { STAFF_PASSWORD_LENGTH } from "@kalinga/domain/staff-roles";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, consoleCall } from "../api.ts";
import { FormMessage, Notice } from "../form-message.tsx";
import { TEXTS } from "../texts.ts";

const T = TEXTS.ownPassword;

type Field = { name: string; label: string; autoComplete: string; hint?: string };

const FIELDS: readonly Field[] = [
  { name: "currentPassword", label: T.current, autoComplete: "current-password" },
  {
    name: "newPassword",
    label: T.next,
    autoComplete: "new-password",
    hint: T.nextHint(STAFF_PASSWORD_LENGTH.min, STAFF_PASSWORD_LENGTH.max),
  },
  { name: "confirm", label: T.confirm, autoComplete: "new-password" },
];

/** The signed-in member changes their own password; their other sessions end, this one goes on. */
export function PasswordScreen() {
  const [error, setError] = useState<unknown>(null);
  /** A problem the form finds itself before calling: the two new passwords differ. */
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A field at fault takes the focus, so its message is read with it.
  useEffect(() => {
    if (error || mismatch) formRef.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [error, mismatch]);

  const fieldError = (field: string) =>
    field === "confirm" && mismatch
      ? T.mismatch
      : error instanceof ApiError
        ? error.body.errors?.find((e) => e.field === field)?.message
        : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? "");
    setError(null);
    setDone(null);
    setMismatch(text("newPassword") !== text("confirm"));
    if (text("newPassword") !== text("confirm")) return;
    setBusy(true);
    try {
      const answer = await consoleCall("changeOwnPassword", {
        body: { currentPassword: text("currentPassword"), newPassword: text("newPassword") },
      });
      formElement.reset();
      setDone(
        answer.otherSessionsEnded > 0
          ? `${T.changed} ${T.othersEnded(answer.otherSessionsEnded)}`
          : T.changed,
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <div className="c-panel">
        {error instanceof ApiError && !error.body.errors ? <FormMessage error={error} /> : null}
        <form ref={formRef} onSubmit={submit}>
          {FIELDS.map((field) => {
            const message = fieldError(field.name);
            const described = [
              field.hint ? `own-${field.name}-hint` : null,
              message ? `own-${field.name}-error` : null,
            ].filter(Boolean);
            return (
              <div key={field.name}>
                <label htmlFor={`own-${field.name}`}>{field.label}</label>
                {field.hint && (
                  <p className="c-hint" id={`own-${field.name}-hint`}>
                    {field.hint}
                  </p>
                )}
                <input
                  id={`own-${field.name}`}
                  name={field.name}
                  type="password"
                  autoComplete={field.autoComplete}
                  required
                  maxLength={STAFF_PASSWORD_LENGTH.max}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={described.length > 0 ? described.join(" ") : undefined}
                />
                {message && (
                  <p className="c-error" id={`own-${field.name}-error`}>
                    {message}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className="c-button" disabled={busy}>
            {T.submit}
          </button>
        </form>
        <Notice text={done} />
      </div>
    </>
  );
}
