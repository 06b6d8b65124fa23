import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { queryOf } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage } from "../form-message.tsx";
import { manilaDateTime } from "../format.ts";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.audit;

/** The audit log, newest first, for one claim or all; read-only by design. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const [claim, setClaim] = useState(params.get("claim") ?? "");
  const { data, error } = useLoad("readAuditLog", { query: queryOf(params) });

  function filter(event: FormEvent) {
    event.preventDefault();
    setParams(claim.trim() ? { claim: claim.trim() } : {});
  }

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <p className="c-hint">{T.hint}</p>
      <form className="c-inline-form" onSubmit={filter}>
        <div>
          <label htmlFor="audit-claim">{T.claim}</label>
          <input
            id="audit-claim"
            value={claim}
            onChange={(event) => setClaim(event.target.value)}
          />
        </div>
        <button type="submit" className="c-button">
          {T.filter}
        </button>
      </form>
      <FormMessage error={error} />
      {data &&
        (data.entries.length === 0 ? (
          <p>{T.none}</p>
        ) : (
          <DataTable
            caption={T.title}
            columns={[
              { label: T.columns.at },
              { label: T.columns.who },
              { label: T.columns.action },
              { label: T.columns.claim },
            ]}
          >
            {data.entries.map((entry) => (
              <tr key={entry.seq}>
                <td>{manilaDateTime(entry.at)}</td>
                <td>
                  {entry.staffEmail ??
                    (entry.integrationKey ? T.integrationKey(entry.integrationKey) : "—")}
                </td>
                <td>{entry.action}</td>
                <td>
                  {entry.webReferenceNumber ? (
                    <Link to={`/claims/${encodeURIComponent(entry.webReferenceNumber)}`}>
                      {entry.webReferenceNumber}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        ))}
      {data?.nextBefore && (
        <p>
          <Link
            to={`?${new URLSearchParams({ ...Object.fromEntries(params), before: String(data.nextBefore) })}`}
          >
            {T.older}
          </Link>
        </p>
      )}
    </>
  );
}
