import { fill } from "@kalinga/domain/localized-texts";
import type { UploadSlot } from "@kalinga/domain/upload-slots";
import { type Ref, useId, useLayoutEffect, useRef } from "react";
import { FieldError } from "../ui/field-error.tsx";
import { useMessage, useTexts } from "../ui/locale.ts";
import { useWidgetRoot } from "../ui/widget-root.tsx";
import { DOCUMENT_TEXTS } from "./document-texts.ts";
import type { DocumentFile } from "./use-claim-documents.ts";

/** What the file picker offers; the server decides by content, not by this list. */
const ACCEPTED = "image/jpeg,image/png,image/heic,image/heif,.heic,.heif,application/pdf";

export type DocumentSlotProps = {
  slot: UploadSlot;
  /** Whose document, when the same one is asked of several beneficiaries: "beneficiary 2". */
  forWhom?: string | undefined;
  files: DocumentFile[];
  error: string | undefined;
  /** Phones get "Take a photo", which opens the camera. */
  hasCamera: boolean;
  onAdd: (chosen: File[], replaces?: DocumentFile) => void;
  onRetry: (file: DocumentFile) => void;
  onRemove: (file: DocumentFile) => void;
  /** The "Choose a file" button, focused when Next finds this slot empty. */
  chooseRef?: Ref<HTMLButtonElement>;
  /** More about what is asked, inside the slot's region: a request's due date. */
  note?: string | undefined;
};

/** One document the claim asks for: its files, each with progress, size, Replace and Remove. */
export function DocumentSlot({
  slot,
  forWhom,
  files,
  error,
  hasCamera,
  onAdd,
  onRetry,
  onRemove,
  chooseRef,
  note,
}: DocumentSlotProps) {
  const T = useTexts(DOCUMENT_TEXTS);
  const titleId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<DocumentFile | null>(null);
  const full = slot.max !== undefined && files.length >= slot.max;
  const sectionRef = useRef<HTMLElement>(null);
  const { root } = useWidgetRoot();
  // After a file is chosen the button that opened the picker may go (a full slot hides it, a
  // replaced file's row is swapped): focus then stays on this slot, not the page, and nothing scrolls.
  // The slot's file count when a file was chosen; null once the new file's row is in.
  const holdFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (holdFocus.current === null) return;
    const active = root.activeElement;
    const section = sectionRef.current;
    if (active && active !== document.body) {
      // Still on the slot's button: done once the row arrived; moved elsewhere: left there.
      if (!section?.contains(active) || files.length !== holdFocus.current)
        holdFocus.current = null;
      return;
    }
    holdFocus.current = null;
    section?.focus({ preventScroll: true });
  });

  const pick = (input: HTMLInputElement | null, replaces: DocumentFile | null) => {
    replacing.current = replaces;
    input?.click();
  };
  const onChosen = (input: HTMLInputElement) => {
    const chosen = [...(input.files ?? [])];
    // Cleared so choosing the same file again (after a removal) still reports a change.
    input.value = "";
    if (chosen.length === 0) return;
    holdFocus.current = files.length;
    onAdd(chosen, replacing.current ?? undefined);
    replacing.current = null;
  };

  return (
    <section
      ref={sectionRef}
      className="k-slot k-card"
      aria-labelledby={titleId}
      data-slot={slot.key}
      tabIndex={-1}
    >
      <h4 id={titleId} className="k-slot__title">
        {slot.label}
        {forWhom ? <span className="k-vh"> {fill(T.forWhom, { whom: forWhom })}</span> : null}
      </h4>
      <p className="k-slot__need">
        {slot.mandatory ? T.required : T.optional}
        {slot.max === 1 ? T.oneFile : ""}
      </p>
      {note ? <p className="k-slot__need">{note}</p> : null}
      {files.length > 0 ? (
        <ul className="k-files" aria-label={fill(T.filesFor, { slotLabel: slot.label })}>
          {files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              onReplace={() => pick(fileInput.current, file)}
              onRetry={() => onRetry(file)}
              onRemove={() => onRemove(file)}
            />
          ))}
        </ul>
      ) : null}
      <FieldError id={errorId} message={error} />
      {full ? null : (
        <div className="k-slot__add">
          {hasCamera ? (
            <button
              type="button"
              className="k-btn k-btn--outlined"
              aria-describedby={`${titleId}${error ? ` ${errorId}` : ""}`}
              onClick={() => pick(cameraInput.current, null)}
            >
              {T.takePhoto}
            </button>
          ) : null}
          <button
            type="button"
            className="k-btn k-btn--outlined"
            ref={chooseRef}
            aria-describedby={`${titleId}${error ? ` ${errorId}` : ""}`}
            onClick={() => pick(fileInput.current, null)}
          >
            {T.chooseFile}
          </button>
        </div>
      )}
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={ACCEPTED}
        multiple={slot.max === undefined}
        onChange={(event) => onChosen(event.currentTarget)}
      />
      <input
        ref={cameraInput}
        type="file"
        hidden
        accept="image/*"
        capture="environment"
        onChange={(event) => onChosen(event.currentTarget)}
      />
    </section>
  );
}

function FileRow({
  file,
  onReplace,
  onRetry,
  onRemove,
}: {
  file: DocumentFile;
  onReplace: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const T = useTexts(DOCUMENT_TEXTS);
  const inLocale = useMessage();
  const percent = Math.round(file.progress * 100);
  return (
    <li className={`k-file k-file--${file.state}`}>
      <div className="k-file__head">
        {file.previewUrl && file.photoName ? (
          <img
            className="k-file__preview"
            src={file.previewUrl}
            alt={fill(T.photoPreview, { photoName: file.photoName })}
            width={56}
            height={56}
          />
        ) : null}
        <div className="k-file__about">
          <p className="k-file__name">{file.name}</p>
          <p className="k-file__facts">
            <span>{file.sizeText}</span>
            <span>{stateText(file, percent, T)}</span>
          </p>
        </div>
      </div>
      {file.photoName ? (
        <p className="k-file__pdf">{fill(T.photoKeptAsPdf, { photoName: file.photoName })}</p>
      ) : null}
      {file.state === "uploading" || file.state === "preparing" ? (
        <progress
          className="k-file__progress"
          max={100}
          value={file.state === "preparing" ? undefined : percent}
          aria-label={fill(T.uploadingNamed, { fileName: file.name })}
        />
      ) : null}
      {file.state === "failed" && file.message ? (
        <p className="k-error" role="alert">
          {inLocale(file.message)}
        </p>
      ) : null}
      <div className="k-file__actions">
        {file.state === "failed" && file.canRetry ? (
          <button type="button" className="k-btn k-btn--contained" onClick={onRetry}>
            {T.tryAgain}
            <span className="k-vh"> {fill(T.tryAgainNamed, { fileName: file.name })}</span>
          </button>
        ) : null}
        {file.state === "uploaded" ? (
          <button type="button" className="k-btn k-btn--outlined" onClick={onReplace}>
            {T.replace}
            <span className="k-vh"> {file.name}</span>
          </button>
        ) : null}
        {file.state === "uploaded" || file.state === "failed" ? (
          <button type="button" className="k-btn k-btn--text" onClick={onRemove}>
            {T.remove}
            <span className="k-vh"> {file.name}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

function stateText(file: DocumentFile, percent: number, T: typeof DOCUMENT_TEXTS): string {
  switch (file.state) {
    case "preparing":
      return T.preparing;
    case "uploading":
      return file.resending ? T.stillSending : fill(T.uploading, { percent });
    case "uploaded":
      return T.uploaded;
    case "failed":
      return T.notUploaded;
  }
}

/** Beneath the slots: the uploads' news for screen readers, and why a press on the way on did nothing. */
export function UploadNotices({
  announcement,
  message,
}: {
  announcement: string;
  message: string | null;
}) {
  const inLocale = useMessage();
  return (
    <>
      <p className="k-vh" aria-live="polite">
        {announcement}
      </p>
      {message ? (
        <p className="k-error" role="alert">
          {inLocale(message)}
        </p>
      ) : null}
    </>
  );
}
