import { type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { useTexts } from "./locale.ts";
import { UI_TEXTS } from "./ui-texts.ts";
import { useWidgetRoot } from "./widget-root.tsx";

export interface PopupButton {
  label: string;
  onClick?: (() => void) | undefined;
}

export interface PopupProps {
  open: boolean;
  /** normal: title, text and buttons; container: free content (e.g. the OTP panes); remind: centred notice. */
  type?: "normal" | "container" | "remind" | undefined;
  /** Names the dialog; without a title give ariaLabel. */
  title?: ReactNode;
  ariaLabel?: string | undefined;
  children?: ReactNode;
  /** Shows the close icon and lets Escape close; default true. */
  closable?: boolean | undefined;
  /** Called whenever the popup closes: close icon, Escape, or either button. */
  onClose?: (() => void) | undefined;
  containedButton?: PopupButton | undefined;
  outlinedButton?: PopupButton | undefined;
  closeLabel?: string | undefined;
}

/**
 * A modal dialog on the native <dialog>: focus moves in when it opens and back to the opener
 * when it closes. It closes itself and then calls onClose, so the owner can set open to false.
 */
export function Popup({
  open,
  type = "normal",
  title,
  ariaLabel,
  children,
  closable = true,
  onClose,
  containedButton,
  outlinedButton,
  closeLabel,
}: PopupProps) {
  const texts = useTexts(UI_TEXTS);
  const { root } = useWidgetRoot();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  // Open follows the prop; closing from inside also closes it until the prop opens it again.
  const [shown, setShown] = useState(open);
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    setShown(open);
  }

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (shown && !dialog.open) {
      openerRef.current = root.activeElement;
      dialog.showModal();
    } else if (!shown && dialog.open) {
      dialog.close();
    }
  }, [shown, root]);

  // Unmounted while open (the owner stopped rendering it): close it first so focus can go back.
  useLayoutEffect(
    () => () => {
      const dialog = dialogRef.current;
      if (!dialog?.open) return;
      dialog.close();
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [],
  );

  const closePopup = () => {
    setShown(false);
    onClose?.();
  };
  const press = (button: PopupButton) => () => {
    button.onClick?.();
    closePopup();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`k-popup k-popup--${type}`}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      onKeyDown={(event) => {
        // Stops Escape at the source: the browser may not let the cancel event be prevented.
        if (event.key === "Escape" && !closable) event.preventDefault();
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) closePopup();
      }}
      onClose={() => {
        // Already open again (a remount in development): this close is stale.
        if (dialogRef.current?.open) return;
        // The browser may close it without a cancelable event (a repeated Escape); keep an
        // unclosable popup open, and bring focus back to the opener either way.
        if (shown && !closable) {
          dialogRef.current?.showModal();
          return;
        }
        if (shown) closePopup();
        const opener = openerRef.current;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      }}
    >
      {title || closable ? (
        <div className="k-popup__header">
          {title ? (
            <h2 className="k-popup__title" id={titleId}>
              {title}
            </h2>
          ) : null}
          {closable ? (
            <button
              type="button"
              className="k-icon-btn k-popup__close"
              aria-label={closeLabel ?? texts.close}
              onClick={closePopup}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4 6.4 5Z"
                />
              </svg>
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="k-popup__body">{children}</div>
      {containedButton || outlinedButton ? (
        <div className="k-popup__actions">
          {outlinedButton ? (
            <button type="button" className="k-btn k-btn--outlined" onClick={press(outlinedButton)}>
              {outlinedButton.label}
            </button>
          ) : null}
          {containedButton ? (
            <button
              type="button"
              className="k-btn k-btn--contained"
              onClick={press(containedButton)}
            >
              {containedButton.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
