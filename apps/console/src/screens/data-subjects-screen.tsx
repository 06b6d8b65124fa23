import type { ConsoleCallAnswer } from "@kalinga/domain/console-calls";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { consoleCall, consoleUrl } from "../api.ts";
import { DataTable } from "../data-table.tsx";
import { FormMessage, Notice } from "../form-message.tsx";
import { manilaDate } from "../format.ts";
import { Permitted } from "../session.tsx";
import { formFields, useAction } from "../use-action.ts";
import { DATA_SUBJECT_TEXTS as T } from "./data-subject-texts.ts";

type Found = ConsoleCallAnswer<"findDataSubject">;
type HeldClaim = Found["claims"][number];
type Subject = { mobile?: string; email?: string; claim?: string };

/** What an erasure does to one claim, in the member's words. */
function verdictText({ verdict }: HeldClaim): string {
  if (verdict.reason === "within-retention") {
    return T.verdicts["within-retention"](manilaDate(verdict.keptUntil));
  }
  return T.verdicts[verdict.reason];
}

/** A data subject's rights are an administrator's: anyone else sees the title alone. */
export function DataSubjectsScreen() {
  return (
    <Permitted permission="handle-data-subjects" title={T.title}>
      <DataSubjects />
    </Permitted>
  );
}

function DataSubjects() {
  const [subject, setSubject] = useState<Subject | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const { failure, done, run, setFailure, setDone } = useAction();
  const [confirming, setConfirming] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  async function fetchSubject(next: Subject) {
    setConfirming(false);
    setFound(await consoleCall("findDataSubject", { query: next }));
    setSubject(next);
  }
  const forget = () => {
    setFound(null);
    return false;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = formFields(event.currentTarget);
    const typed = (name: keyof Subject) => {
      const value = text(name).trim();
      return value ? { [name]: value } : {};
    };
    void run(
      () => fetchSubject({ ...typed("mobile"), ...typed("email"), ...typed("claim") }),
      forget,
    );
  }

  const erasable = found?.claims.filter((claim) => claim.verdict.erasable) ?? [];
  const kept = found?.claims.filter((claim) => !claim.verdict.erasable) ?? [];

  const erase = (at: Subject) =>
    run(
      async () => {
        const references = erasable.map((claim) => claim.webReferenceNumber);
        const answer = await consoleCall("eraseDataSubject", { body: { ...at, references } });
        setConfirming(false);
        // What is kept is listed again; a failure to read it leaves the erasure's notice.
        if (kept.length > 0) {
          await fetchSubject(at).catch((reason: unknown) => {
            setFound(null);
            setFailure(reason);
          });
        } else setFound(null);
        return T.erased(answer.erased.length);
      },
      () => {
        setConfirming(false);
        return false;
      },
    );

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <p className="c-hint">{T.hint}</p>
      <form className="c-panel" onSubmit={submit}>
        <div>
          <label htmlFor="subject-mobile">{T.mobile}</label>
          <input id="subject-mobile" name="mobile" inputMode="tel" autoComplete="off" />
        </div>
        <div>
          <label htmlFor="subject-email">{T.email}</label>
          <input id="subject-email" name="email" type="email" autoComplete="off" />
        </div>
        <div>
          <label htmlFor="subject-claim">{T.claim}</label>
          <input id="subject-claim" name="claim" autoComplete="off" />
        </div>
        <button type="submit" className="c-button">
          {T.lookUp}
        </button>
      </form>
      <FormMessage error={failure} />
      <Notice text={done} />
      {found && (
        <section aria-labelledby="subject-found">
          <h2 id="subject-found">{T.foundFor(found.mobileEnding, subject?.email ?? null)}</h2>
          <DataTable
            caption={T.caption}
            columns={[
              { label: T.columns.reference },
              { label: T.columns.status },
              { label: T.columns.started },
              { label: T.columns.erasure },
            ]}
          >
            {found.claims.map((claim) => (
              <tr key={claim.webReferenceNumber}>
                <td>{claim.webReferenceNumber}</td>
                <td>
                  {claim.purpose === "tracking"
                    ? T.tracking
                    : claim.submittedAt === null
                      ? T.draft
                      : claim.status}
                </td>
                <td>{manilaDate(claim.createdAt)}</td>
                <td>{verdictText(claim)}</td>
              </tr>
            ))}
          </DataTable>
          {subject && (
            // A link the browser saves itself: the ZIP streams to disk, never whole in the page.
            <a
              className="c-button"
              href={consoleUrl("exportDataSubject", { query: subject })}
              download
              onClick={() => setDone(T.exporting(found.claims.length))}
            >
              {T.exportZip}
            </a>
          )}
          {erasable.length === 0 ? (
            <p>{T.nothingToErase}</p>
          ) : (
            <button
              type="button"
              className="c-button c-button--quiet"
              onClick={() => setConfirming(true)}
            >
              {T.erase(erasable.length)}
            </button>
          )}
        </section>
      )}
      {confirming && (
        <section aria-labelledby="subject-confirm" className="c-panel">
          <h2 id="subject-confirm" tabIndex={-1} ref={confirmHeading}>
            {T.confirmTitle}
          </h2>
          <p>{T.confirmErased}</p>
          <ul>
            {erasable.map((claim) => (
              <li key={claim.webReferenceNumber}>
                {`${claim.webReferenceNumber}: ${verdictText(claim)}`}
              </li>
            ))}
          </ul>
          {kept.length > 0 && (
            <>
              <p>{T.confirmKept}</p>
              <ul>
                {kept.map((claim) => (
                  <li key={claim.webReferenceNumber}>
                    {`${claim.webReferenceNumber}: ${verdictText(claim)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>{T.confirmAudit}</p>
          <button type="button" className="c-button" onClick={() => subject && void erase(subject)}>
            {T.confirm}
          </button>
          <button
            type="button"
            className="c-button c-button--quiet"
            onClick={() => setConfirming(false)}
          >
            {T.cancel}
          </button>
        </section>
      )}
    </>
  );
}
