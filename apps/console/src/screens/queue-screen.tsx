import { QUEUE_MAX_PAGE } from "@kalinga/domain/console-requests";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { consoleUrl, queryOf } from "../api.ts";
import { DataTable } from "../data-table.tsx";
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
  // Counted only so far: a full page may have more after it, up to the last page the queue serves.
  const morePages = data?.totalIsAtLeast === true && data.claims.length === data.pageSize;
  const lastPage = morePages ? Math.min(page + 1, QUEUE_MAX_PAGE) : pages;
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
        <FilterSelect key={`s${query}`} name="status" label={T.status} params={params}>
          <option value="">{T.anyStatus}</option>
          {data?.statuses.map((s) => (
            <option key={s.status} value={s.status}>
              {s.label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect key={`t${query}`} name="type" label={T.type} params={params}>
          <option value="">{T.anyType}</option>
          <option value="Death">{T.death}</option>
          <option value="Living">{T.living}</option>
        </FilterSelect>
        <FilterSelect key={`a${query}`} name="assigned" label={T.assigned} params={params}>
          <option value="">{T.anyone}</option>
          <option value="mine">{T.mine}</option>
          <option value="unassigned">{T.unassigned}</option>
        </FilterSelect>
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
            <p role="status">{T.count(data.claims.length, data.total, data.totalIsAtLeast)}</p>
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
            <DataTable
              caption={T.title}
              columns={[
                { label: T.columns.reference },
                { label: T.columns.insured },
                { label: T.columns.type },
                { label: T.columns.status },
                { label: T.columns.submitted },
                { label: T.columns.daysOpen, numeric: true },
                { label: T.columns.s248, numeric: true },
                { label: T.columns.serviceLevel, numeric: true },
                { label: T.columns.assignee },
              ]}
            >
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
            </DataTable>
          )}
          {lastPage > 1 && (
            <nav className="c-pages" aria-label={T.page(page, pages, data.totalIsAtLeast)}>
              <button
                type="button"
                className="c-button c-button--quiet"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {T.previous}
              </button>
              <span>{T.page(page, pages, data.totalIsAtLeast)}</span>
              <button
                type="button"
                className="c-button c-button--quiet"
                disabled={page >= lastPage}
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

/**
 * One filter of the queue, showing the choice in the address; the queue gives it a new key when
 * the address changes, so going back in history shows the choice of that page.
 */
function FilterSelect(props: {
  name: (typeof FILTERS)[number];
  label: string;
  params: URLSearchParams;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={props.name}>{props.label}</label>
      <select id={props.name} name={props.name} defaultValue={props.params.get(props.name) ?? ""}>
        {props.children}
      </select>
    </div>
  );
}

/** A clock near or past its end is marked; the number itself says how near. */
const urgent = (daysLeft: number | null, within: number) =>
  daysLeft !== null && daysLeft <= within ? " c-urgent" : "";
