import { type AgentClaim, agentClaimsCsv } from "@kalinga/domain/agent-claims";
import { CLAIM_STATUS_TEXTS, claimStatusLabel, claimTypeLabel } from "@kalinga/domain/claim-status";
import { todayInManila } from "@kalinga/domain/dates";
import { fill, localize } from "@kalinga/domain/localized-texts";
import { useEffect, useId, useMemo, useState } from "react";
import { callClaimApi } from "../api/claim-api-client.ts";
import { systemError } from "../api/system-error.ts";
import { useDates } from "../ui/dates.ts";
import { useLocale, useTexts } from "../ui/locale.ts";
import screenTextCss from "../ui/screen-text.css?inline";
import { adoptStyles } from "../ui/styles.ts";
import { TextField } from "../ui/text-field.tsx";
import { TitledScreen } from "../ui/titled-screen.tsx";
import reportCss from "./claims-report.css?inline";
import { REPORT_TEXTS } from "./portal-texts.ts";

adoptStyles(screenTextCss);
adoptStyles(reportCss);

type Sort = "newest" | "oldest" | "daysOpen" | "outstanding";

/** Each sort's label key. */
const SORT_LABELS = {
  newest: "sortNewest",
  oldest: "sortOldest",
  daysOpen: "sortDaysOpen",
  outstanding: "sortOutstanding",
} as const satisfies Record<Sort, keyof typeof REPORT_TEXTS>;

const SORTS: Record<Sort, (a: AgentClaim, b: AgentClaim) => number> = {
  newest: (a, b) => b.submittedAt.localeCompare(a.submittedAt),
  oldest: (a, b) => a.submittedAt.localeCompare(b.submittedAt),
  daysOpen: (a, b) => b.daysOpen - a.daysOpen,
  outstanding: (a, b) => b.openRequirements - a.openRequirements,
};

function download(claims: AgentClaim[], fileName: string) {
  const url = URL.createObjectURL(
    new Blob([agentClaimsCsv(claims)], { type: "text/csv;charset=utf-8" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** /claims-report on agent assist: the agent's clients' claims, filtered, sorted and exported. */
export default function ClaimsReportScreen() {
  const T = useTexts(REPORT_TEXTS);
  const { locale, catalogue } = useLocale();
  const { day } = useDates();
  const statusTexts = localize(CLAIM_STATUS_TEXTS, catalogue);
  const [claims, setClaims] = useState<AgentClaim[] | null>(null);
  const [refused, setRefused] = useState(false);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [sort, setSort] = useState<Sort>("newest");
  const statusId = useId();
  const sortId = useId();

  useEffect(() => {
    let current = true;
    void callClaimApi("listAgentClaims", {}).then((answer) => {
      if (!current) return;
      if (answer.ok) setClaims(answer.data.claims);
      else if (answer.status === 401 || answer.status === 403) setRefused(true);
      else systemError.show();
    });
    return () => {
      current = false;
    };
  }, []);

  const statuses = useMemo(
    () => [...new Set((claims ?? []).map((claim) => claim.status))].sort(),
    [claims],
  );
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (claims ?? [])
      .filter((claim) => !status || claim.status === status)
      .filter(
        (claim) =>
          !needle ||
          [claim.webReferenceNumber, claim.policyNumber, claim.insuredName].some((text) =>
            text.toLowerCase().includes(needle),
          ),
      )
      .sort(SORTS[sort]);
  }, [claims, search, status, sort]);

  return (
    <TitledScreen id="k-report-title" title={T.title}>
      <p>{T.intro}</p>
      {refused ? (
        <p className="k-error" role="alert">
          {T.notAnAgent}
        </p>
      ) : claims === null ? (
        <p role="status">{T.loading}</p>
      ) : claims.length === 0 ? (
        <p>{T.none}</p>
      ) : (
        <>
          <div className="k-form">
            <TextField
              label={T.search}
              name="reportSearch"
              type="search"
              tips={[T.searchTip]}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <div className="k-field">
              <label className="k-label" htmlFor={statusId}>
                {T.status}
              </label>
              <select
                id={statusId}
                className="k-report-select"
                value={status}
                onChange={(event) => setStatus(event.currentTarget.value)}
              >
                <option value="">{T.allStatuses}</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {claimStatusLabel(value, statusTexts)}
                  </option>
                ))}
              </select>
            </div>
            <div className="k-field">
              <label className="k-label" htmlFor={sortId}>
                {T.sort}
              </label>
              <select
                id={sortId}
                className="k-report-select"
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value as Sort)}
              >
                {(Object.keys(SORT_LABELS) as Sort[]).map((value) => (
                  <option key={value} value={value}>
                    {T[SORT_LABELS[value]]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p role="status">
            {fill(
              new Intl.PluralRules(locale).select(claims.length) === "one"
                ? T.shownOne
                : T.shownOther,
              { shown: shown.length, all: claims.length },
            )}
          </p>
          {shown.length === 0 ? <p>{T.noneMatching}</p> : null}
          <ul className="k-report-list" aria-label={T.listLabel}>
            {shown.map((claim) => (
              <li key={claim.webReferenceNumber} className="k-report-claim">
                <h3 className="k-report-claim__reference">{claim.webReferenceNumber}</h3>
                {claim.filedByAgent ? <p className="k-hint">{T.filedByYou}</p> : null}
                <dl className="k-facts">
                  <div>
                    <dt>{T.insured}</dt>
                    <dd>{claim.insuredName}</dd>
                  </div>
                  <div>
                    <dt>{T.policyNumber}</dt>
                    <dd>{claim.policyNumber}</dd>
                  </div>
                  <div>
                    <dt>{T.claimType}</dt>
                    <dd>
                      {claimTypeLabel(claim.claimInfo.type, claim.claimInfo.subType, statusTexts)}
                    </dd>
                  </div>
                  <div>
                    <dt>{T.statusLabel}</dt>
                    <dd>{claimStatusLabel(claim.status, statusTexts)}</dd>
                  </div>
                  <div>
                    <dt>{T.outstanding}</dt>
                    <dd>{claim.openRequirements}</dd>
                  </div>
                  <div>
                    <dt>{T.daysOpen}</dt>
                    <dd>{claim.daysOpen}</dd>
                  </div>
                  <div>
                    <dt>{T.filed}</dt>
                    <dd>{day(claim.submittedAt)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="k-actions">
            <button
              className="k-btn k-btn--outlined"
              type="button"
              onClick={() => download(shown, fill(T.fileName, { today: todayInManila() }))}
            >
              {T.download}
            </button>
          </div>
        </>
      )}
    </TitledScreen>
  );
}
