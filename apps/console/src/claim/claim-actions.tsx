import { DECISION_OUTCOMES, WITH_DECISION } from "@kalinga/domain/claim-lifecycle";
import { claimStatusName } from "@kalinga/domain/claim-status";
import { KNOWN_MATCH_CODES } from "@kalinga/domain/policy-record";
import { type FormEvent, type ReactNode, useState } from "react";
import { consoleCall } from "../api.ts";
import { FormMessage, Notice } from "../form-message.tsx";
import { manilaDateTime } from "../format.ts";
import { may, useSession } from "../session.tsx";
import { TEXTS } from "../texts.ts";
import { useLoad } from "../use-load.ts";
import type { ClaimView } from "./claim-view.ts";
import { MessagePreview, type Preview } from "./message-preview.tsx";

const T = TEXTS.claim;

/** Submits a form's body to the claim and reports the outcome; the claim reloads after a change. */
function useClaimAction(onChange: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async <R,>(change: () => Promise<R>, done: (answer: R) => string) => {
    setError(null);
    setNotice(null);
    try {
      setNotice(done(await change()));
      onChange();
    } catch (failure) {
      setError(failure);
    }
  };
  return { error, notice, run };
}

/**
 * A panel of the claim screen around one form: its heading, anything shown above the form, the
 * fields, the save button, and the outcome (a panel without a notice passes none).
 */
function ActionPanel(props: {
  id: string;
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  error: unknown;
  notice?: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${props.id}-heading`} className="c-panel">
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      {props.intro}
      <form onSubmit={props.onSubmit}>
        {props.children}
        <button type="submit" className="c-button">
          {props.submitLabel}
        </button>
      </form>
      <FormMessage error={props.error} />
      {props.notice !== undefined && <Notice text={props.notice} />}
    </section>
  );
}

export function StatusSection({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const { error, notice, run } = useClaimAction(onChange);
  const params = { ref: claim.webReferenceNumber };
  const [next, setNext] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const labelOf = (status: string) =>
    claim.allowedNextStatuses.find((s) => s.status === status)?.label ?? status;
  /** The change as the server takes it, from the form's fields. */
  function changeOf(formElement: HTMLFormElement) {
    const form = new FormData(formElement);
    const reason = String(form.get("reason") ?? "").trim();
    const decisionReason = String(form.get("decisionReason") ?? "").trim();
    const outcome = DECISION_OUTCOMES.find((value) => value === form.get("outcome"));
    const decision =
      next === WITH_DECISION && outcome
        ? {
            outcome,
            reasonCode: String(form.get("reasonCode") ?? ""),
            reason: decisionReason || null,
          }
        : null;
    return { status: next, reason: reason || null, decision };
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPreview(null);
    const body = changeOf(event.currentTarget);
    void run(
      () => consoleCall("changeStatus", { params, body }),
      (answer) => T.statusChanged(labelOf(answer.status)),
    );
  }
  async function showPreview(formElement: HTMLFormElement | null) {
    if (!formElement) return;
    setPreviewError(null);
    try {
      const body = changeOf(formElement);
      setPreview(await consoleCall("previewStatusChange", { params, body }));
    } catch (failure) {
      setPreviewError(failure);
    }
  }
  return (
    <section aria-labelledby="status-heading" className="c-panel">
      <h2 id="status-heading">{T.changeStatus}</h2>
      {claim.allowedNextStatuses.length === 0 ? (
        <p>{T.noNextStatus}</p>
      ) : (
        <form onSubmit={submit}>
          <label htmlFor="next-status">{T.nextStatus}</label>
          <select
            id="next-status"
            value={next}
            required
            onChange={(event) => {
              setPreview(null);
              setNext(event.target.value);
            }}
          >
            <option value="" disabled>
              —
            </option>
            {claim.allowedNextStatuses.map((s) => (
              <option key={s.status} value={s.status}>
                {s.label}
              </option>
            ))}
          </select>
          {next === WITH_DECISION && (
            <>
              <label htmlFor="outcome">{T.outcome}</label>
              <select id="outcome" name="outcome" required>
                {Object.entries(T.outcomes).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <label htmlFor="reason-code">{T.reasonCode}</label>
              <input id="reason-code" name="reasonCode" required maxLength={40} />
              <label htmlFor="decision-reason">{T.decisionReason}</label>
              <textarea
                id="decision-reason"
                name="decisionReason"
                maxLength={500}
                rows={3}
                onChange={() => setPreview(null)}
              />
            </>
          )}
          <label htmlFor="status-reason">{T.reason}</label>
          <textarea id="status-reason" name="reason" maxLength={500} rows={2} />
          <p className="c-actions">
            <button
              type="button"
              className="c-button c-button--quiet"
              disabled={next === ""}
              onClick={(event) => void showPreview(event.currentTarget.form)}
            >
              {T.previewStatus}
            </button>
            <button type="submit" className="c-button">
              {T.saveStatus}
            </button>
          </p>
        </form>
      )}
      <FormMessage error={previewError} />
      {preview && <MessagePreview preview={preview} id="status-preview-heading" />}
      <FormMessage error={error} />
      <Notice text={notice} />
    </section>
  );
}

export function PolicyMatchSection({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const { error, notice, run } = useClaimAction(onChange);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      policyNumber: String(form.get("policyNumber") ?? ""),
      matchCode: Number(form.get("matchCode")),
    };
    void run(
      () => consoleCall("setPolicyMatch", { params: { ref: claim.webReferenceNumber }, body }),
      () => T.policyMatchSaved,
    );
  }
  return (
    <ActionPanel
      id="policy"
      title={T.policyMatch}
      submitLabel={T.savePolicyMatch}
      onSubmit={submit}
      error={error}
      notice={notice}
    >
      <label htmlFor="policy-number">{T.policyNumber}</label>
      <input
        id="policy-number"
        name="policyNumber"
        required
        maxLength={30}
        defaultValue={claim.policyNumber ?? ""}
      />
      <label htmlFor="match-code">{T.matchCode}</label>
      <select id="match-code" name="matchCode" defaultValue={String(claim.matchCode ?? 0)}>
        {KNOWN_MATCH_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </ActionPanel>
  );
}

export function AssignmentSection({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const { staff: me } = useSession();
  if (!may(me, "assign")) return null;
  return <AssignmentForm claim={claim} onChange={onChange} />;
}

function AssignmentForm({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const { data } = useLoad("listStaff");
  const { error, notice, run } = useClaimAction(onChange);
  const [chosen, setChosen] = useState(claim.assignedTo ?? "");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { staffId: chosen || null };
    void run(
      () => consoleCall("assignClaim", { params: { ref: claim.webReferenceNumber }, body }),
      (answer) => T.assigned(answer.assigneeName),
    );
  }
  return (
    <ActionPanel
      id="assign"
      title={T.assign}
      submitLabel={T.saveAssignment}
      onSubmit={submit}
      error={error}
      notice={notice}
    >
      <label htmlFor="assign-to">{T.assignTo}</label>
      <select
        id="assign-to"
        name="staffId"
        // The choice is the supervisor's: the claim's reload after a save never resets it.
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
      >
        <option value="">{T.nobody}</option>
        {data?.staff
          .filter((s) => !s.disabled)
          .map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name} (${TEXTS.roles[s.role]})`}
            </option>
          ))}
      </select>
    </ActionPanel>
  );
}

export function NotesSection({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const { error, run } = useClaimAction(onChange);
  const [body, setBody] = useState("");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = { ref: claim.webReferenceNumber };
    void run(
      () => consoleCall("addNote", { params, body: { body } }),
      () => "",
    ).then(() => setBody(""));
  }
  const notes =
    claim.notes.length === 0 ? (
      <p>{T.noNotes}</p>
    ) : (
      <ul className="c-list">
        {claim.notes.map((note) => (
          <li key={note.id}>
            <p className="c-hint">
              {note.author} · {manilaDateTime(note.at)}
            </p>
            <p className="c-note">{note.body}</p>
          </li>
        ))}
      </ul>
    );
  return (
    <ActionPanel
      id="notes"
      title={T.notes}
      intro={notes}
      submitLabel={T.addNote}
      onSubmit={submit}
      error={error}
    >
      <label htmlFor="note">{T.note}</label>
      <textarea
        id="note"
        value={body}
        required
        maxLength={4000}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
      />
    </ActionPanel>
  );
}

/** A requested item's event says what happened to which item, so a rejection reads as one. */
function eventTitle(claim: ClaimView, event: ClaimView["events"][number]): string {
  const state = event.kind === "requirement" ? event.detail?.state : undefined;
  const title = typeof state === "string" ? T.requirementEvents[state] : undefined;
  if (!title) return T.eventKinds[event.kind] ?? event.kind;
  const item = claim.requirements.find((r) => r.id === event.detail?.id);
  return item ? `${title}: ${item.name}` : title;
}

export function Timeline({ claim }: { claim: ClaimView }) {
  return (
    <section aria-labelledby="timeline-heading" className="c-panel">
      <h2 id="timeline-heading">{T.timeline}</h2>
      <ol className="c-timeline">
        {[...claim.events].reverse().map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events are only ever added, never reordered.
          <li key={index}>
            <p>
              <strong>{eventTitle(claim, event)}</strong>
              {event.to ? `: ${claimStatusName(event.to)}` : ""}
            </p>
            <p className="c-hint">
              {manilaDateTime(event.at)} · {T.by(event.actor.id)}
              {event.reason ? ` · ${event.reason}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
