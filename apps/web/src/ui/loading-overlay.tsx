import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { isChecking, isLoading, isResending, loading } from "./loading.ts";
import { useTexts } from "./locale.ts";
import { UI_TEXTS } from "./ui-texts.ts";

/**
 * A full-screen spinner while the widget waits. It is a modal dialog, so everything beneath is
 * inert (no clicks, no keys) and focus comes back where it was when it closes.
 */
export function LoadingOverlay({ label }: { label?: string }) {
  const texts = useTexts(UI_TEXTS);
  const shown = useSyncExternalStore(loading.subscribe, isLoading, () => false);
  const checking = useSyncExternalStore(loading.subscribe, isChecking, () => false);
  const resending = useSyncExternalStore(loading.subscribe, isResending, () => false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const overlayText = () => {
    if (checking) return texts.checkingConnection;
    if (resending) return texts.stillSending;
    return label ?? texts.loading;
  };

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!shown) {
      if (dialog.open) dialog.close();
      return;
    }
    if (!dialog.open) dialog.showModal();
    // Escape would close a modal dialog; stop it wherever focus is (on Tab it can leave the page).
    const holdEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") event.preventDefault();
    };
    window.addEventListener("keydown", holdEscape, true);
    return () => window.removeEventListener("keydown", holdEscape, true);
  }, [shown]);

  return (
    <dialog
      ref={dialogRef}
      className="k-loading"
      aria-label={label}
      aria-busy="true"
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        // Escape may close a dialog without a cancelable event; reopen while still loading.
        if (isLoading()) dialogRef.current?.showModal();
      }}
    >
      <div className="k-spinner" aria-hidden="true" />
      {/* A challenge or a repeated call may take seconds: then the overlay says why it waits. */}
      <p
        className={checking || resending ? "k-loading__text" : "k-vh"}
        role="status"
        aria-live="polite"
      >
        {shown ? overlayText() : ""}
      </p>
    </dialog>
  );
}
