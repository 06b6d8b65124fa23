import { mayAskForRequirements } from "@kalinga/domain/claim-lifecycle";
import { DOCUMENT_CATALOGUE } from "@kalinga/domain/document-catalogue";
import { type FormEvent, useState } from "react";
import { consoleCall } from "../api.ts";
import { FormMessage, Notice } from "../form-message.tsx";
import { manilaDate } from "../format.ts";
import { TEXTS } from "../texts.ts";
import type { ClaimView } from "./claim-view.ts";
import { DocumentFiles } from "./document-files.tsx";
import { MessagePreview, type Preview } from "./message-preview.tsx";

const T = TEXTS.claim;

type Item = { documentCd: string; description: string; dueDate: string };

const emptyItem = (): Item => ({ documentCd: "", description: "", dueDate: "" });

/** The items asked for, each with its state; received ones are accepted or rejected here. */
export function RequirementsSection({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  return (
    <section aria-labelledby="requirements-heading" className="c-panel">
      <h2 id="requirements-heading">{T.requirements}</h2>
      {claim.requirements.length === 0 ? (
        <p>{T.noRequirements}</p>
      ) : (
        <ul className="c-list">
          {claim.requirements.map((item) => (
            <RequirementItem key={item.id} claim={claim} item={item} onChange={onChange} />
          ))}
        </ul>
      )}
      {/* A decided or completed claim can no longer be asked for documents: no form that would be refused. */}
      {mayAskForRequirements(claim.status) ? (
        <AskForDocuments claim={claim} onChange={onChange} />
      ) : (
        <p className="c-hint">{T.askClosed}</p>
      )}
    </section>
  );
}

function RequirementItem(props: {
  claim: ClaimView;
  item: ClaimView["requirements"][number];
  onChange(): void;
}) {
  const { item } = props;
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function decide(body: { accept: true } | { accept: false; reason: string }) {
    setError(null);
    try {
      const params = { ref: props.claim.webReferenceNumber, id: item.id };
      await consoleCall("decideRequirement", { params, body });
      props.onChange();
    } catch (failure) {
      setError(failure);
    }
  }
  const reasonId = `reject-${item.id}`;
  return (
    <li>
      <h3 className="c-item-title">{item.name}</h3>
      {item.description !== item.name && <p>{item.description}</p>}
      <p className="c-hint">
        {T.requirementStates[item.state] ?? item.state} ·{" "}
        {T.due(manilaDate(`${item.dueDate}T00:00:00+08:00`))}
        {item.rejectionReason ? ` · ${item.rejectionReason}` : ""}
      </p>
      {item.documents.length > 0 && (
        <DocumentFiles
          reference={props.claim.webReferenceNumber}
          files={item.documents}
          label={T.filesSentFor(item.name)}
        />
      )}
      <FormMessage error={error} />
      {item.state === "received" && !rejecting && (
        <p className="c-actions">
          <button
            type="button"
            className="c-button c-button--small"
            onClick={() => void decide({ accept: true })}
          >
            {T.accept}
          </button>
          <button
            type="button"
            className="c-button c-button--small c-button--quiet"
            onClick={() => setRejecting(true)}
          >
            {T.reject}
          </button>
        </p>
      )}
      {rejecting && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
            void decide({ accept: false, reason });
          }}
        >
          <label htmlFor={reasonId}>{T.rejectReason}</label>
          <textarea id={reasonId} name="reason" required maxLength={500} rows={2} />
          <button type="submit" className="c-button c-button--small">
            {T.reject}
          </button>
        </form>
      )}
    </li>
  );
}

function AskForDocuments({ claim, onChange }: { claim: ClaimView; onChange(): void }) {
  const [items, setItems] = useState<Item[]>([emptyItem()]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const catalogue = DOCUMENT_CATALOGUE.filter((entry) => entry.claimType === claim.claimType);
  const params = { ref: claim.webReferenceNumber };
  const body = () => ({
    requirements: items.map((item) => ({
      documentCd: item.documentCd || null,
      description: item.description,
      dueDate: item.dueDate || null,
    })),
  });
  const update = (index: number, change: Partial<Item>) => {
    setPreview(null);
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));
  };

  async function showPreview() {
    setError(null);
    try {
      setPreview(await consoleCall("previewRequirements", { params, body: body() }));
    } catch (failure) {
      setError(failure);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await consoleCall("askForRequirements", { params, body: body() });
      setItems([emptyItem()]);
      setPreview(null);
      setNotice(T.sent);
      onChange();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <form className="c-ask" onSubmit={send} aria-labelledby="ask-heading">
      <h3 id="ask-heading">{T.ask}</h3>
      <p className="c-hint">{T.askHint}</p>
      {items.map((item, index) => {
        const id = `item-${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place and have no id yet.
          <fieldset key={index} className="c-item">
            <legend>{T.item(index + 1)}</legend>
            <label htmlFor={`${id}-document`}>{T.document}</label>
            <select
              id={`${id}-document`}
              value={item.documentCd}
              onChange={(event) => {
                const entry = catalogue.find((e) => e.documentCd === event.target.value);
                update(index, {
                  documentCd: event.target.value,
                  description: entry && item.description === "" ? entry.typeOfId : item.description,
                });
              }}
            >
              <option value="">{T.otherDocument}</option>
              {catalogue.map((entry) => (
                <option key={entry.documentCd} value={entry.documentCd}>
                  {entry.typeOfId}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-description`}>{T.description}</label>
            <textarea
              id={`${id}-description`}
              value={item.description}
              required
              maxLength={500}
              rows={2}
              onChange={(event) => update(index, { description: event.target.value })}
            />
            <label htmlFor={`${id}-due`}>{T.dueDate}</label>
            <input
              id={`${id}-due`}
              type="date"
              value={item.dueDate}
              onChange={(event) => update(index, { dueDate: event.target.value })}
            />
            {items.length > 1 && (
              <button
                type="button"
                className="c-button c-button--small c-button--quiet"
                onClick={() => {
                  setPreview(null);
                  setItems((current) => current.filter((_, i) => i !== index));
                }}
              >
                {T.removeItem(index + 1)}
              </button>
            )}
          </fieldset>
        );
      })}
      <p className="c-actions">
        <button
          type="button"
          className="c-button c-button--quiet"
          onClick={() => {
            setPreview(null);
            setItems((current) => [...current, emptyItem()]);
          }}
        >
          {T.addItem}
        </button>
        <button
          type="button"
          className="c-button c-button--quiet"
          onClick={() => void showPreview()}
        >
          {T.preview}
        </button>
        <button type="submit" className="c-button">
          {T.send}
        </button>
      </p>
      <FormMessage error={error} />
      <Notice text={notice} />
      {preview && <MessagePreview preview={preview} id="preview-heading" />}
    </form>
  );
}
