import { DEFAULT_CHANNEL_NAMES } from "@kalinga/domain/channel";
import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { type FormEvent, useState } from "react";
import { ApiError, consoleCall } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage, Notice } from "../form-message.tsx";
import { manilaDateTime } from "../format.ts";
import { Permitted } from "../session.tsx";
import { formFields, useAction } from "../use-action.ts";
import { CONTENT_TEXTS as T } from "./content-texts.ts";

type Place = { company: string; channel: keyof typeof DEFAULT_CHANNEL_NAMES; locale: string };
type Problem = { key: string; message: string };
/** So many rows at most, so a search narrows a long list rather than the page growing without end. */
const MAX_ROWS = 50;

/** The widget's words are a content editor's (or an administrator's): others see the title alone. */
export function ContentScreen() {
  return (
    <Permitted permission="edit-content" title={T.title}>
      <ContentEditor />
    </Permitted>
  );
}

function ContentEditor() {
  const [place, setPlace] = useState<Place | null>(null);
  const [content, setContent] = useState<ConsoleCallAnswer<"readContent"> | null>(null);
  const [versions, setVersions] = useState<ConsoleCallAnswer<"listContentVersions">["versions"]>(
    [],
  );
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [search, setSearch] = useState("");
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [preview, setPreview] = useState<{ token: string; expiresAt: string } | null>(null);
  const action = useAction();
  const { failure, done } = action;

  /** A call of the editor; the fields a refusal names are listed as the check's problems are. */
  const run = (call: () => Promise<unknown>) =>
    action.run(call, (refused) => {
      if (!(refused instanceof ApiError && refused.body.errors)) return false;
      setProblems(refused.body.errors.map((e) => ({ key: e.field, message: e.message })));
      return true;
    });

  async function fetchPlace(at: Place) {
    setContent(await consoleCall("readContent", { query: at }));
    setVersions((await consoleCall("listContentVersions", { query: at })).versions);
    setEdits({});
    setProblems(null);
    setPreview(null);
  }
  const load = (at: Place) => run(() => fetchPlace(at));

  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = formFields(event.currentTarget);
    const at = {
      company: text("company"),
      channel: text("channel") as Place["channel"],
      locale: text("locale"),
    };
    setPlace(at);
    void load(at);
  }

  const save = (at: Place) =>
    run(async () => {
      await consoleCall("saveContentDraft", { body: { ...at, texts: edits } });
      await fetchPlace(at);
      return T.saved;
    });
  const check = (at: Place) =>
    run(async () => {
      const answer = await consoleCall("checkContent", { query: at });
      setProblems(
        answer.problems.map((p) => ({
          key: p.key,
          message:
            p.problem === "slots"
              ? T.slotsProblem(p.expected ?? [], p.found ?? [])
              : (T.problemMessages[p.problem] ?? p.problem),
        })),
      );
    });
  const publish = (at: Place) =>
    run(async () => {
      const { version } = await consoleCall("publishContent", { body: at });
      await fetchPlace(at);
      return T.published(version.number);
    });
  const rollBack = (at: Place, number: number) =>
    run(async () => {
      const { version } = await consoleCall("rollBackContent", { body: { ...at, number } });
      await fetchPlace(at);
      return T.rolledBack(number, version.number);
    });
  const makePreview = (at: Place) =>
    run(async () => setPreview(await consoleCall("previewContent", { body: at })));

  const textOf = (key: string) =>
    edits[key] ?? content?.draft[key] ?? content?.file[key] ?? content?.english[key] ?? "";
  const needle = search.trim().toLowerCase();
  const keys = Object.keys(content?.english ?? {}).filter(
    (key) =>
      needle === "" ||
      key.toLowerCase().includes(needle) ||
      textOf(key).toLowerCase().includes(needle) ||
      (content?.english[key] ?? "").toLowerCase().includes(needle),
  );

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <p className="c-hint">{T.hint}</p>
      <p className="c-hint">{T.messagesHint}</p>
      <form className="c-panel" onSubmit={open}>
        <label htmlFor="content-company">{T.company}</label>
        <input id="content-company" name="company" required maxLength={60} />
        <label htmlFor="content-channel">{T.channel}</label>
        <select id="content-channel" name="channel" defaultValue="corporate-website">
          {Object.entries(DEFAULT_CHANNEL_NAMES).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor="content-locale">{T.locale}</label>
        <input id="content-locale" name="locale" required defaultValue="en" maxLength={6} />
        <button type="submit" className="c-button">
          {T.open}
        </button>
      </form>
      <FormMessage error={failure} />
      <Notice text={done} />
      {place && content && (
        <>
          <label htmlFor="content-search">{T.search}</label>
          <input
            id="content-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <p aria-live="polite">{T.shown(Math.min(keys.length, MAX_ROWS), keys.length)}</p>
          <DataTable
            caption={T.caption}
            columns={[
              { label: T.columns.key },
              { label: T.columns.english },
              { label: T.columns.text },
            ]}
          >
            {keys.slice(0, MAX_ROWS).map((key) => (
              <tr key={key}>
                <td>{key}</td>
                <td>{content.english[key]}</td>
                <td>
                  <textarea
                    aria-label={T.textOf(key)}
                    value={textOf(key)}
                    rows={2}
                    onChange={(e) => setEdits({ ...edits, [key]: e.target.value })}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
          <div>
            <button type="button" className="c-button" onClick={() => void save(place)}>
              {T.saveDraft}
            </button>
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => void check(place)}
            >
              {T.check}
            </button>
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => void makePreview(place)}
            >
              {T.preview}
            </button>
            <button type="button" className="c-button" onClick={() => void publish(place)}>
              {T.publish}
            </button>
          </div>
          {problems && problems.length === 0 && <p role="status">{T.complete}</p>}
          {problems && problems.length > 0 && (
            <section aria-labelledby="content-problems">
              <h2 id="content-problems">{T.problemsTitle}</h2>
              <ul>
                {problems.map((p) => (
                  <li key={p.key}>{T.problem(p.key, p.message)}</li>
                ))}
              </ul>
            </section>
          )}
          {preview && (
            <p>
              {T.previewHint(manilaDateTime(preview.expiresAt))}{" "}
              <code>{`kalinga-preview=${preview.token}`}</code>
            </p>
          )}
          {versions.length === 0 ? (
            <p>{T.noVersions}</p>
          ) : (
            <DataTable
              caption={T.versionsCaption}
              columns={[
                { label: T.versionColumns.number },
                { label: T.versionColumns.when },
                { label: T.versionColumns.by },
                { label: T.versionColumns.actions },
              ]}
            >
              {versions.map((v) => (
                <tr key={v.number}>
                  <td>{v.number}</td>
                  <td>{manilaDateTime(v.publishedAt)}</td>
                  <td>{v.publishedBy}</td>
                  <td>
                    <button
                      type="button"
                      className="c-button c-button--quiet"
                      aria-label={T.rollBack(v.number)}
                      onClick={() => void rollBack(place, v.number)}
                    >
                      {T.rollBackShort}
                    </button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </>
  );
}
