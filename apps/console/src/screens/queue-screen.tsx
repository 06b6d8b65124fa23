import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { consoleUrl, queryOf } from "../api.ts";
import { FormMessage } from "../form-message.tsx";
import { manilaDate } from "../format.ts";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";

const T = TEXTS.queue;

const FILTERS = ["status", "type", "assigned", "q"] as const;

/** Claims by status, type, assignment and search, oldest first, with their clocks; CSV of the same. */
export function QueueScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const { data, error } = useLoad("listClaims", { query: queryOf(params) });
  const [search, setSearch] = useState(params.get("q") ?? "");
  useEffect(() => setSearch(params.get("q") ?? ""), [params]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? "").trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  const page = data?.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    setParams(next);
  };
  const csvQuery = new URLSearchParams(params);
  csvQuery.delete("page");

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <form className="c-filters" onSubmit={apply} aria-label={T.filters}>
        <div>
          <label htmlFor="status">{T.status}</label>
          <select
            id="status"
            name="status"
            defaultValue={params.get("status") ?? ""}
            key={`s${query}`}
          >
            <option value="">{T.anyStatus}</option>
            {data?.statuses.map((s) => (
              <option key={s.status} value={s.status}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="type">{T.type}</label>
          <select id="type" name="type" defaultValue={params.get("type") ?? ""} key={`t${query}`}>
            <option value="">{T.anyType}</option>
            <option value="Death">{T.death}</option>
            <option value="Living">{T.living}</option>
          </select>
        </div>
        <div>
          <label htmlFor="assigned">{T.assigned}</label>
          <select
            id="assigned"
            name="assigned"
            defaultValue={params.get("assigned") ?? ""}
            key={`a${query}`}
          >
            <option value="">{T.anyone}</option>
            <option value="mine">{T.mine}</option>
            <option value="unassigned">{T.unassigned}</option>
          </select>
        </div>
        <div className="c-filters__search">
          <label htmlFor="q">{T.search}</label>
          <input
            id="q"
            name="q"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby="q-hint"
          />
          <p id="q-hint" className="c-hint">
            {T.searchHint}
          </p>
        </div>
        <button className="c-button" type="submit">
          {T.apply}
        </button>
      </form>
      <FormMessage error={error} />
      {data && (
        <>
          <div className="c-table-head">
            <p role="status">{T.count(data.claims.length, data.total)}</p>
            <a
              className="c-button c-button--quiet"
              href={consoleUrl("exportClaims", { query: queryOf(csvQuery) })}
              download
            >
              {T.exportCsv}
            </a>
          </div>
          {data.claims.length === 0 ? (
            <p>{T.none}</p>
          ) : (
            <div className="c-table-wrap">
              <table className="c-table">
                <caption className="c-visually-hidden">{T.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.columns.reference}</th>
                    <th scope="col">{T.columns.insured}</th>
                    <th scope="col">{T.columns.type}</th>
                    <th scope="col">{T.columns.status}</th>
                    <th scope="col">{T.columns.submitted}</th>
                    <th scope="col" className="c-number">
                      {T.columns.daysOpen}
                    </th>
                    <th scope="col" className="c-number">
                      {T.columns.s248}
                    </th>
                    <th scope="col" className="c-number">
                      {T.columns.serviceLevel}
                    </th>
                    <th scope="col">{T.columns.assignee}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.claims.map((claim) => (
                    <tr key={claim.webReferenceNumber}>
                      <th scope="row">
                        <Link to={`/claims/${encodeURIComponent(claim.webReferenceNumber)}`}>
                          {claim.webReferenceNumber}
                        </Link>
                      </th>
                      <td>{claim.insuredName}</td>
                      <td>
                        {claim.claimType === "Death" ? T.death : T.living}
                        {claim.causeOfLoss ? ` · ${claim.causeOfLoss}` : ""}
                      </td>
                      <td>{claim.statusLabel}</td>
                      <td>{manilaDate(claim.submittedAt)}</td>
                      <td className="c-number">{claim.clocks.daysOpen}</td>
                      <td className={`c-number${urgent(claim.clocks.deathClaimDaysLeft, 15)}`}>
                        {claim.clocks.deathClaimDaysLeft ?? "—"}
                      </td>
                      <td className={`c-number${urgent(claim.clocks.serviceLevelDaysLeft, 3)}`}>
                        {claim.clocks.serviceLevelDaysLeft}
                      </td>
                      <td>{claim.assigneeName ?? T.nobody}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="c-pages" aria-label={T.page(page, pages)}>
              <button
                type="button"
                className="c-button c-button--quiet"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {T.previous}
              </button>
              <span>{T.page(page, pages)}</span>
              <button
                type="button"
                className="c-button c-button--quiet"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                {T.next}
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}

/** A clock near or past its end is marked; the number itself says how near. */
const urgent = (daysLeft: number | null, within: number) =>
  daysLeft !== null && daysLeft <= within ? " c-urgent" : "";
