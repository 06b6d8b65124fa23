import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, consoleCall } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage } from "../form-message.tsx";
import { manilaDateTime } from "../format.ts";
import { Permitted } from "../session.tsx";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.companies;

type Company = ConsoleCallAnswer<"listCompanies">["companies"][number];
/** What is being edited: a listed company at its version, or a new one (version null). */
type Editing = { id: string | null; version: number | null; text: string };
type Problem = { field: string; message: string };

/** The text a company is edited as. */
const jsonOf = (config: object) => JSON.stringify(config, null, 2);

/** The companies are an administrator's: anyone else sees the page's title alone. */
export function CompaniesScreen() {
  return (
    <Permitted permission="manage-companies" title={T.title}>
      <CompanyEditor />
    </Permitted>
  );
}

/**
 * Administrators see the companies and change one as JSON; the server checks the whole set and
 * answers each field at fault, which is listed where the change was made.
 */
function CompanyEditor() {
  const { data, error, reload } = useLoad("listCompanies");
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const editor = useRef<HTMLTextAreaElement>(null);

  // The editor takes the focus when it opens, so a keyboard user lands in it.
  const opened = editing ? `${editing.id}:${editing.version}` : null;
  useEffect(() => {
    if (opened) editor.current?.focus();
  }, [opened]);

  function open(next: Editing) {
    setProblems([]);
    setFailure(null);
    setSaved(null);
    setEditing(next);
  }

  /** A new company starts from a copy of the first, without its id. */
  function startAdding(companies: readonly Company[]) {
    const { id: _id, ...template } = companies[0]?.config ?? {};
    open({ id: null, version: null, text: jsonOf({ id: "", ...template }) });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    setProblems([]);
    setFailure(null);
    let config: unknown;
    try {
      config = JSON.parse(editing.text);
    } catch (reason) {
      setProblems([{ field: T.config, message: T.notJson((reason as Error).message) }]);
      return;
    }
    if (typeof config !== "object" || config === null || Array.isArray(config)) {
      setProblems([{ field: T.config, message: T.notObject }]);
      return;
    }
    try {
      const body = { version: editing.version, config: config as Record<string, unknown> };
      const answer = await consoleCall("saveCompany", { body });
      setEditing(null);
      setSaved(T.saved(answer.id, answer.version));
      reload();
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.body.errors) setProblems(refusal.body.errors);
      else setFailure(refusal);
    }
  }

  const companies = data?.companies ?? [];

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <p className="c-hint">{T.hint}</p>
      <FormMessage error={error} />
      <p className="c-notice" role="status">
        {saved ?? ""}
      </p>
      {data && (
        <DataTable
          caption={T.title}
          columns={[
            { label: T.columns.id },
            { label: T.columns.companyName },
            { label: T.columns.version, numeric: true },
            { label: T.columns.changed },
            { label: T.columns.actions },
          ]}
        >
          {companies.map((company) => (
            <tr key={company.id}>
              <td>{company.id}</td>
              <td>{String(company.config.companyName ?? "")}</td>
              <td className="c-number">{company.version}</td>
              <td>{T.changedBy(manilaDateTime(company.updatedAt), company.updatedBy)}</td>
              <td>
                <button
                  type="button"
                  className="c-button c-button--quiet"
                  aria-label={T.edit(company.id)}
                  onClick={() =>
                    open({ id: company.id, version: company.version, text: jsonOf(company.config) })
                  }
                >
                  {T.editShort}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {data && !editing && (
        <button type="button" className="c-button" onClick={() => startAdding(companies)}>
          {T.add}
        </button>
      )}
      {editing && (
        <section aria-labelledby="company-edit-heading" className="c-panel">
          <h2 id="company-edit-heading">{editing.id ? T.editing(editing.id) : T.adding}</h2>
          <form onSubmit={save}>
            <label htmlFor="company-config">{T.config}</label>
            <p className="c-hint" id="company-config-hint">
              {T.configHint}
            </p>
            <textarea
              id="company-config"
              ref={editor}
              className="c-config"
              rows={24}
              spellCheck={false}
              value={editing.text}
              aria-describedby={
                problems.length > 0 ? "company-config-hint company-problems" : "company-config-hint"
              }
              aria-invalid={problems.length > 0 ? true : undefined}
              onChange={(event) => setEditing({ ...editing, text: event.target.value })}
            />
            {problems.length > 0 && (
              <div className="c-error" role="alert" id="company-problems">
                <p>{T.refused}</p>
                <ul>
                  {problems.map((problem) => (
                    <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
                  ))}
                </ul>
              </div>
            )}
            <FormMessage error={failure} />
            <button type="submit" className="c-button">
              {T.save}
            </button>{" "}
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setEditing(null)}
            >
              {T.cancel}
            </button>
          </form>
        </section>
      )}
    </>
  );
}
