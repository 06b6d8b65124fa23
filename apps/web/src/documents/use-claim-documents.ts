import type { UploadedDocument } from "@kalinga/domain/claim-api";
import { RETURN_CODES } from "@kalinga/domain/claim-api-names";
import { formatFileSize } from "@kalinga/domain/document-files";
import { fill } from "@kalinga/domain/localized-texts";
import { useCallback, useEffect, useRef, useState } from "react";
import { callClaimApi, callClaimApiOrShowError } from "../api/claim-api-client.ts";
import { type UploadOutcome, type UploadRequest, uploadDocument } from "../api/document-upload.ts";
import { systemError } from "../api/system-error.ts";
import { textsNow } from "../ui/locale.ts";
import { DOCUMENT_TEXTS } from "./document-texts.ts";
import { type FileToSend, shrinkPhoto } from "./shrink-photo.ts";

// The files of a claim's upload slots: those the server holds (listDocuments) and those on their
// way. A file on its way keeps what it needs for a retry, so a failure never costs the others.

export type DocumentFile = {
  /** This row's own id; the server's document id once stored. */
  id: string;
  slotKey: string;
  name: string;
  sizeText: string;
  state: "preparing" | "uploading" | "uploaded" | "failed";
  /** 0 to 1 while uploading. */
  progress: number;
  /** Sent again while the server still held the first try, whose connection was cut off (409). */
  resending: boolean;
  /** The stored document, once uploaded. */
  documentId: string | null;
  /** Why it failed, in the claimant's words. */
  message: string | null;
  canRetry: boolean;
  /** What a retry sends again, under the same Idempotency-Key. */
  attempt: Attempt | null;
  /** The name of the photo the claimant chose, which the claim keeps as a PDF; null for a PDF. */
  photoName: string | null;
  /** A thumbnail of that photo from the claimant's own file (an object URL), while the row lasts. */
  previewUrl: string | null;
};

/** Photos a browser can show as a thumbnail; HEIC is still a photo kept as PDF, without one. */
const PREVIEWABLE = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

type Attempt = {
  toSend: FileToSend;
  idempotencyKey: string;
  replace: boolean;
  /** The stored document this file takes the place of. */
  replaces: string | null;
};

/**
 * Where a screen's files live: the slots of the claim being filed (Step 4), or the insurer's
 * requests of a tracked claim (abeyance upload), whose slot key is the request's id.
 */
export type DocumentStore = {
  /** The files the server holds; null when they could not be read. */
  list: () => Promise<UploadedDocument[] | null>;
  upload: (request: UploadRequest) => Promise<UploadOutcome>;
  /** Deletes a stored document; true when the claim no longer holds it (already gone counts). */
  remove: (documentId: string) => Promise<boolean>;
};

/** Step 4's store: the slots of the claim this tab is filing. */
const CLAIM_DOCUMENT_STORE: DocumentStore = {
  list: async () => (await callClaimApiOrShowError("listDocuments", {}))?.documents ?? null,
  upload: uploadDocument,
  async remove(documentId) {
    const response = await callClaimApi("deleteDocument", { documentId });
    return response.ok || response.returnCode === RETURN_CODES.documentNotFound;
  },
};

function storedFile(document: UploadedDocument): DocumentFile {
  return {
    id: document.id,
    slotKey: document.slotKey,
    name: document.name,
    sizeText: document.sizeText,
    state: "uploaded",
    progress: 1,
    resending: false,
    documentId: document.id,
    message: null,
    canRetry: false,
    attempt: null,
    photoName: null,
    previewUrl: null,
  };
}

export type ClaimDocuments = {
  files: DocumentFile[];
  /** False until the server's list has arrived. */
  ready: boolean;
  /** Sends each file to the slot; `replaces` swaps out a stored file (one-file slots: replace=true). */
  add: (
    slotKey: string,
    chosen: File[],
    options?: { replaces?: DocumentFile; oneFile?: boolean },
  ) => void;
  retry: (file: DocumentFile) => void;
  /** Removes a stored file from the claim, or drops a failed one; true when it is gone. */
  remove: (file: DocumentFile) => Promise<boolean>;
  /** Said by the screen's live region: "receipt.jpg uploaded." */
  announcement: string;
};

export function useClaimDocuments(store: DocumentStore = CLAIM_DOCUMENT_STORE): ClaimDocuments {
  const [files, setFiles] = useState<DocumentFile[]>([]);
  const [ready, setReady] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const mounted = useRef(true);
  // Every thumbnail's object URL until its row goes: each is revoked then, or when the step closes.
  const previews = useRef(new Set<string>());
  const forget = useCallback((gone: readonly DocumentFile[]) => {
    for (const file of gone) {
      if (file.previewUrl && previews.current.delete(file.previewUrl)) {
        URL.revokeObjectURL(file.previewUrl);
      }
    }
  }, []);

  const update = useCallback((id: string, change: Partial<DocumentFile>) => {
    if (!mounted.current) return;
    setFiles((current) => current.map((file) => (file.id === id ? { ...file, ...change } : file)));
  }, []);

  useEffect(() => {
    mounted.current = true;
    void store.list().then((listed) => {
      if (!mounted.current) return;
      if (listed) setFiles((current) => [...listed.map(storedFile), ...current]);
      setReady(listed !== null);
    });
    const urls = previews.current;
    return () => {
      mounted.current = false;
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, [store]);

  const send = useCallback(
    async (id: string, attempt: Attempt, slotKey: string) => {
      update(id, {
        state: "uploading",
        progress: 0,
        resending: false,
        message: null,
        canRetry: false,
        attempt,
      });
      const outcome = await store.upload({
        slotKey,
        file: attempt.toSend.blob,
        fileName: attempt.toSend.name,
        replace: attempt.replace,
        idempotencyKey: attempt.idempotencyKey,
        onProgress: (progress) => update(id, { progress }),
        onResend: () => {
          update(id, { resending: true });
          // The row's words are not read out: the live region says why the wait is long.
          const { announceStillSending } = textsNow(DOCUMENT_TEXTS);
          setAnnouncement(fill(announceStillSending, { fileName: attempt.toSend.name }));
        },
      });
      if (!mounted.current) return;
      if (!outcome.ok) {
        update(id, { state: "failed", message: outcome.message, canRetry: outcome.retry });
        const { announceNotUploaded } = textsNow(DOCUMENT_TEXTS);
        setAnnouncement(fill(announceNotUploaded, { fileName: attempt.toSend.name }));
        return;
      }
      // A one-file slot swapped its file on the server; in other slots the old one goes now, and
      // stays listed if the server keeps it, so the screen never hides a file the claim holds.
      const { replaces } = attempt;
      const oldGone = replaces !== null && (attempt.replace || (await store.remove(replaces)));
      if (!mounted.current) return;
      const stored = storedFile(outcome.document);
      setFiles((current) => {
        const replaced = current.filter((file) => oldGone && file.documentId === replaces);
        forget(replaced);
        return current
          .filter((file) => !replaced.includes(file))
          .map((file) =>
            file.id === id
              ? { ...stored, photoName: file.photoName, previewUrl: file.previewUrl }
              : file,
          );
      });
      const { announceUploaded } = textsNow(DOCUMENT_TEXTS);
      setAnnouncement(fill(announceUploaded, { fileName: outcome.document.name }));
    },
    [update, forget, store],
  );

  const add: ClaimDocuments["add"] = useCallback(
    (slotKey, chosen, options = {}) => {
      for (const file of chosen) {
        const id = crypto.randomUUID();
        const photo = file.type.startsWith("image/");
        const previewUrl = PREVIEWABLE.has(file.type) ? URL.createObjectURL(file) : null;
        if (previewUrl) previews.current.add(previewUrl);
        setFiles((current) => [
          ...current,
          {
            id,
            slotKey,
            name: file.name,
            sizeText: formatFileSize(file.size),
            state: "preparing",
            progress: 0,
            resending: false,
            documentId: null,
            message: null,
            canRetry: false,
            attempt: null,
            photoName: photo ? file.name : null,
            previewUrl,
          },
        ]);
        void shrinkPhoto(file).then((toSend) => {
          update(id, { name: toSend.name, sizeText: formatFileSize(toSend.blob.size) });
          const replaces = options.replaces?.documentId ?? null;
          return send(
            id,
            {
              toSend,
              idempotencyKey: crypto.randomUUID(),
              replace: replaces !== null && options.oneFile === true,
              replaces,
            },
            slotKey,
          );
        });
      }
    },
    [send, update],
  );

  const retry = useCallback(
    (file: DocumentFile) => {
      if (file.attempt) void send(file.id, file.attempt, file.slotKey);
    },
    [send],
  );

  const remove = useCallback(
    async (file: DocumentFile) => {
      if (file.documentId !== null && !(await store.remove(file.documentId))) {
        systemError.show();
        return false;
      }
      if (!mounted.current) return false;
      forget([file]);
      setFiles((current) => current.filter((other) => other.id !== file.id));
      setAnnouncement(fill(textsNow(DOCUMENT_TEXTS).announceRemoved, { fileName: file.name }));
      return true;
    },
    [forget, store],
  );

  return { files, ready, add, retry, remove, announcement };
}
