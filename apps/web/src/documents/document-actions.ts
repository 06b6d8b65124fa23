import { fill } from "@kalinga/domain/localized-texts";
import { useEffect } from "react";
import type { Confirm } from "../ui/confirm-popup.tsx";
import type { DOCUMENT_TEXTS } from "./document-texts.ts";
import type { ClaimDocuments, DocumentFile } from "./use-claim-documents.ts";

// What every screen of uploads does alike: Step 4 and the insurer's requests (abeyance upload).

/** Whether a file is still on its way; while one is, leaving the page asks first. */
export function useUploadsInFlight(documents: ClaimDocuments): boolean {
  const uploading = documents.files.some(
    (file) => file.state === "preparing" || file.state === "uploading",
  );
  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [uploading]);
  return uploading;
}

/** Remove: a stored file after a confirmation, a failed one at once. */
export function removeWithConfirmation(
  documents: ClaimDocuments,
  confirm: (question: Confirm) => void,
  T: typeof DOCUMENT_TEXTS,
): (file: DocumentFile) => void {
  return (file) => {
    if (file.state === "failed") {
      void documents.remove(file);
      return;
    }
    confirm({
      title: T.removeTitle,
      text: fill(T.removeText, { fileName: file.name }),
      confirmLabel: T.remove,
      onConfirm: () => void documents.remove(file),
    });
  };
}
