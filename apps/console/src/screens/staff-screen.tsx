import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { STAFF_ROLES } from "@kalinga/domain/staff-roles";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError, consoleCall } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage } from "../form-message.tsx";
import { may, useSession } from "../session.tsx";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.staff;

type Member = ConsoleCallAnswer<"listStaff">["staff"][number];
type Reset = { member: Member; kind: "password" | "second-factor" };

/**
 * Administrators create accounts (a temporary password shown once), disable or enable them, let a
 * slowed-down member try again, and reset a password or an authenticator after a confirmation.
 */
export function StaffScreen() {
  const { staff: me } = useSession();
  const { data, error, reload } = useLoad("listStaff");
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [done, setDone] = useState<{ text: string; password?: string } | null>(null);
  const [pending, setPending] = useState<Reset | null>(null);
  const [formError, setFormError] = useState<unknown>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // The confirmation takes the focus, so a keyboard user lands on its choice.
  useEffect(() => {
    if (pending) confirmButton.current?.focus();
  }, [pending]);
  const fieldError = (field: string) =>
    formError instanceof ApiError
      ? formError.body.errors?.find((e) => e.field === field)?.message
      : undefined;

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setFormError(null);
    setCreated(null);
    setDone(null);
    try {
      // The role comes from a list of the roles: it is always one of them.
      const role = STAFF_ROLES.find((value) => value === form.get("role"));
      if (!role) return;
      const body = {
        email: String(form.get("email") ?? ""),
        name: String(form.get("name") ?? ""),
        role,
      };
      const answer = await consoleCall("createStaff", { body });
      setCreated({ email: answer.staff.email, password: answer.temporaryPassword });
      formElement.reset();
      reload();
    } catch (failure) {
      setFormError(failure);
    }
  }

  async function setDisabled(id: string, disabled: boolean) {
    await consoleCall("setStaffDisabled", { params: { id }, body: { disabled } }).catch(
      setFormError,
    );
    reload();
  }

  async function unlock(member: Member) {
    setFormError(null);
    setCreated(null);
    try {
      await consoleCall("unlockStaff", { params: { id: member.id }, body: {} });
      setDone({ text: T.unlocked(member.name) });
    } catch (failure) {
      setFormError(failure);
    }
    reload();
  }

  async function confirmReset() {
    if (!pending) return;
    const { member, kind } = pending;
    setFormError(null);
    setCreated(null);
    setPending(null);
    try {
      if (kind === "password") {
        const answer = await consoleCall("resetStaffPassword", {
          params: { id: member.id },
          body: {},
        });
        setDone({ text: T.newPassword(member.email), password: answer.temporaryPassword });
      } else {
        await consoleCall("resetStaffSecondFactor", { params: { id: member.id }, body: {} });
        setDone({ text: T.secondFactorReset(member.name) });
      }
    } catch (failure) {
      setFormError(failure);
    }
    reload();
  }

  if (!may(me, "manage-staff")) return <h1 tabIndex={-1}>{T.title}</h1>;
  const fields = [
    { name: "email", label: T.email, type: "email", autoComplete: "off" },
    { name: "name", label: T.name, type: "text", autoComplete: "off" },
  ];

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <section aria-labelledby="create-heading" className="c-panel">
        <h2 id="create-heading">{T.create}</h2>
        <form onSubmit={create} className="c-inline-form">
          {fields.map((field) => {
            const message = fieldError(field.name);
            return (
              <div key={field.name}>
                <label htmlFor={`staff-${field.name}`}>{field.label}</label>
                <input
                  id={`staff-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `staff-${field.name}-error` : undefined}
                />
                {message && (
                  <p className="c-error" id={`staff-${field.name}-error`}>
                    {message}
                  </p>
                )}
              </div>
            );
          })}
          <div>
            <label htmlFor="staff-role">{T.role}</label>
            <select id="staff-role" name="role" defaultValue="examiner">
              {Object.entries(TEXTS.roles).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="c-button">
            {T.submit}
          </button>
        </form>
        {formError instanceof ApiError && !formError.body.errors ? (
          <FormMessage error={formError} />
        ) : null}
        <div role="status">
          {created && (
            <div className="c-created">
              <p>{T.created(created.email)}</p>
              <p>
                {T.temporaryPassword}: <code className="c-secret">{created.password}</code>
              </p>
            </div>
          )}
          {done && (
            <div className="c-created">
              <p>{done.text}</p>
              {done.password && (
                <p>
                  <code className="c-secret">{done.password}</code>
                </p>
              )}
            </div>
          )}
        </div>
      </section>
      {pending && (
        <section aria-labelledby="confirm-heading" className="c-panel">
          <h2 id="confirm-heading">{T.confirmTitle}</h2>
          <p>
            {pending.kind === "password"
              ? T.confirmPassword(pending.member.name)
              : T.confirmSecondFactor(pending.member.name)}
          </p>
          <button
            ref={confirmButton}
            type="button"
            className="c-button"
            onClick={() => void confirmReset()}
          >
            {T.confirm}
          </button>{" "}
          <button
            type="button"
            className="c-button c-button--quiet"
            onClick={() => setPending(null)}
          >
            {T.cancel}
          </button>
        </section>
      )}
      <FormMessage error={error} />
      {data && (
        <DataTable
          caption={T.title}
          columns={[
            { label: T.columns.name },
            { label: T.columns.email },
            { label: T.columns.role },
            { label: T.columns.state },
            { label: T.columns.actions },
          ]}
        >
          {data.staff.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.name}</th>
              <td>{s.email}</td>
              <td>{TEXTS.roles[s.role]}</td>
              <td>
                {[
                  s.disabled ? T.disabledState : T.active,
                  s.locked ? T.locked : null,
                  s.secondFactorSetUp ? null : T.awaitingSetUp,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </td>
              <td>
                <div className="c-row-actions">
                  {s.locked && (
                    <RowAction label={T.unlock(s.name)} onClick={() => void unlock(s)}>
                      {T.unlockShort}
                    </RowAction>
                  )}
                  {s.id !== me?.id && (
                    <>
                      <RowAction
                        label={s.disabled ? T.enable(s.name) : T.disable(s.name)}
                        onClick={() => void setDisabled(s.id, !s.disabled)}
                      >
                        {s.disabled ? T.enableShort : T.disableShort}
                      </RowAction>
                      <RowAction
                        label={T.resetPassword(s.name)}
                        onClick={() => setPending({ member: s, kind: "password" })}
                      >
                        {T.resetPasswordShort}
                      </RowAction>
                      {s.secondFactorSetUp && (
                        <RowAction
                          label={T.resetSecondFactor(s.name)}
                          onClick={() => setPending({ member: s, kind: "second-factor" })}
                        >
                          {T.resetSecondFactorShort}
                        </RowAction>
                      )}
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/** A small button of a member's row; its label names the member, as the visible word does not. */
function RowAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="c-button c-button--small c-button--quiet"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
