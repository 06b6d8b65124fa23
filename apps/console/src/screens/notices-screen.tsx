import { DEFAULT_CHANNEL_NAMES } from "@kalinga/domain/channel";
import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { NOTICE_TEXT_LIMITS } from "@kalinga/domain/notice-window";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, consoleCall } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage, Notice } from "../form-message.tsx";
import { manilaDateTime } from "../format.ts";
import { Permitted } from "../session.tsx";
import { TEXTS } from "../texts.ts";
import { formFields, useAction } from "../use-action.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.notices;

type ScheduledNotice = ConsoleCallAnswer<"listNotices">["notices"][number];
const TIME_FIELDS = ["startTime", "endTime", "showCloseStartTime", "showCloseEndTime"] as const;

/** An ISO time as a datetime-local field holds it: the member's own time zone, to the minute. */
function localInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value as an ISO time; left as typed when it is no time, for the server to name. */
const isoOf = (local: string) =>
  Number.isNaN(Date.parse(local)) ? local : new Date(local).toISOString();

/** The notices are an administrator's: anyone else sees the page's title alone. */
export function NoticesScreen() {
  return (
    <Permitted permission="manage-notices" title={T.title}>
      <NoticeEditor />
    </Permitted>
  );
}

/** The notices not ended, each changed or ended here, and the form that schedules one. */
function NoticeEditor() {
  const { data, error, reload } = useLoad("listNotices");
  const [editing, setEditing] = useState<ScheduledNotice | null>(null);
  const { failure, done, run, setFailure } = useAction();
  const form = useRef<HTMLFormElement>(null);

  // A field at fault takes the focus, so its message is read with it.
  useEffect(() => {
    if (failure) form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [failure]);

  const fieldError = (field: string) =>
    failure instanceof ApiError
      ? failure.body.errors?.find((e) => e.field === field)?.message
      : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = formFields(event.currentTarget);
    const body = {
      company: text("company"),
      channel: text("channel") as ScheduledNotice["channel"],
      title: text("title"),
      content: text("content"),
      ...Object.fromEntries(TIME_FIELDS.map((field) => [field, isoOf(text(field))])),
    } as Parameters<typeof consoleCall<"scheduleNotice">>[1]["body"];
    void run(async () => {
      const answer = editing
        ? await consoleCall("changeNotice", { params: { id: editing.id }, body })
        : await consoleCall("scheduleNotice", { body });
      setEditing(null);
      form.current?.reset();
      reload();
      return editing ? T.changed(answer.notice.title) : T.scheduled(answer.notice.title);
    });
  }

  const end = (notice: ScheduledNotice) =>
    run(async () => {
      await consoleCall("endNotice", { params: { id: notice.id }, body: {} });
      reload();
      return T.ended(notice.title);
    });

  const field = (name: string, label: string, control: (props: object) => React.ReactNode) => {
    const message = fieldError(name);
    return (
      <div>
        <label htmlFor={`notice-${name}`}>{label}</label>
        {control({
          id: `notice-${name}`,
          name,
          required: true,
          "aria-invalid": message ? true : undefined,
          "aria-describedby": message ? `notice-${name}-error` : undefined,
        })}
        {message && (
          <p className="c-error" id={`notice-${name}-error`}>
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <p className="c-hint">{T.hint}</p>
      <FormMessage error={error} />
      {data && data.notices.length === 0 && <p>{T.none}</p>}
      {data && data.notices.length > 0 && (
        <DataTable
          caption={T.caption}
          columns={[
            { label: T.columns.where },
            { label: T.columns.title },
            { label: T.columns.shows },
            { label: T.columns.actions },
          ]}
        >
          {data.notices.map((notice) => (
            <tr key={notice.id}>
              <td>{`${notice.company} · ${DEFAULT_CHANNEL_NAMES[notice.channel]}`}</td>
              <td>{notice.title}</td>
              <td>{T.window(manilaDateTime(notice.startTime), manilaDateTime(notice.endTime))}</td>
              <td>
                <button
                  type="button"
                  className="c-button c-button--quiet"
                  aria-label={T.change(notice.title)}
                  onClick={() => {
                    setFailure(null);
                    setEditing(notice);
                  }}
                >
                  {T.changeShort}
                </button>
                <button
                  type="button"
                  className="c-button c-button--quiet"
                  aria-label={T.end(notice.title)}
                  onClick={() => void end(notice)}
                >
                  {T.endShort}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="c-panel">
        <h2>{editing ? T.changing(editing.title) : T.scheduling}</h2>
        {failure instanceof ApiError && !failure.body.errors ? (
          <FormMessage error={failure} />
        ) : null}
        {/* A new key per notice opened, so its values fill the fields afresh. */}
        <form ref={form} key={editing?.id ?? "new"} onSubmit={submit}>
          {field("company", T.company, (props) => (
            <input {...props} defaultValue={editing?.company} maxLength={60} />
          ))}
          {field("channel", T.channel, (props) => (
            <select {...props} defaultValue={editing?.channel ?? "corporate-website"}>
              {Object.entries(DEFAULT_CHANNEL_NAMES).map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          ))}
          {field("title", T.noticeTitle, (props) => (
            <input {...props} defaultValue={editing?.title} maxLength={NOTICE_TEXT_LIMITS.title} />
          ))}
          {field("content", T.content, (props) => (
            <textarea
              {...props}
              defaultValue={editing?.content}
              maxLength={NOTICE_TEXT_LIMITS.content}
              rows={3}
            />
          ))}
          <p className="c-hint">{T.timeHint}</p>
          {TIME_FIELDS.map((name) => (
            <div key={name}>
              {field(name, T[name], (props) => (
                <input
                  {...props}
                  type="datetime-local"
                  defaultValue={editing ? localInput(editing[name]) : undefined}
                />
              ))}
            </div>
          ))}
          <button type="submit" className="c-button">
            {editing ? T.save : T.schedule}
          </button>
          {editing && (
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setEditing(null)}
            >
              {T.cancel}
            </button>
          )}
        </form>
        <Notice text={done} />
      </div>
    </>
  );
}
