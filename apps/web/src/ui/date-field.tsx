import {
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  DISPLAY_DATE_PLACEHOLDER,
} from "@kalinga/domain/constants";
import { formatDisplayDate, isIsoDate, parseDisplayDate } from "@kalinga/domain/dates";
import { fill } from "@kalinga/domain/localized-texts";
import {
  type FocusEvent,
  lazy,
  type Ref,
  Suspense,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { describedBy } from "./describedby.ts";
import { errorIdOf, FieldFrame } from "./field-frame.tsx";
import { tipsIdOf } from "./field-label.tsx";
import { useTexts } from "./locale.ts";
import { UI_TEXTS } from "./ui-texts.ts";
import { useDismiss } from "./use-dismiss.ts";

const loadCalendar = () => import("./calendar.tsx");
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

// Phones get a modal calendar with Cancel and OK; wider screens or a mouse get a dropdown one.
const DESKTOP_QUERY = "(min-width: 768px), (pointer: fine)";

export interface DateFieldProps {
  label: string;
  /**
   * "yyyy-MM-dd", or "" when empty. Typed text that is not a date is passed on as it was typed,
   * so validation can tell "missing" from "not a date".
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  id?: string | undefined;
  /** ISO limits of the calendar; 1900-01-01 to 2099-12-31 when not given. */
  min?: string | undefined;
  max?: string | undefined;
  /**
   * The ISO date whose month the calendar shows while the field is empty; today when not given.
   * A date of birth opens decades back (see yearsBeforeToday).
   */
  openOn?: string | undefined;
  error?: string | undefined;
  tips?: readonly string[] | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  required?: boolean | undefined;
  placeholder?: string | undefined;
  autoComplete?: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  /** The calendar button's name; "Choose date, {label}" when not given. */
  calendarButtonLabel?: string | undefined;
  cancelText?: string | undefined;
  okText?: string | undefined;
}

const toText = (value: string) => (isIsoDate(value) ? formatDisplayDate(value) : value);

/** A date typed as DD MMM YYYY or picked from a calendar that loads on first use. */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  min = DATE_PICKER_MIN,
  max = DATE_PICKER_MAX,
  openOn,
  error,
  tips,
  disabled,
  readOnly,
  required,
  placeholder = DISPLAY_DATE_PLACEHOLDER,
  autoComplete = "off",
  ref,
  calendarButtonLabel,
  cancelText,
  okText,
}: DateFieldProps) {
  const texts = useTexts(UI_TEXTS);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = errorIdOf(inputId);
  const calendarId = `${inputId}-calendar`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const [text, setText] = useState(() => toText(value));
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(toText(value));
  }

  const [open, setOpen] = useState<false | "desktop" | "phone">(false);

  const commitText = () => {
    const typed = text.trim();
    const next = typed === "" ? "" : (parseDisplayDate(typed) ?? typed);
    if (next !== value) onChange(next);
    else setText(toText(value));
  };

  const close = useCallback((returnFocus: boolean) => {
    // A modal dialog must close before the button behind it can take focus.
    if (dialogRef.current?.open) dialogRef.current.close();
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const dismiss = useCallback(
    (reason: "escape" | "outside") => close(reason === "escape"),
    [close],
  );
  useDismiss(open !== false, [dialogRef, buttonRef], dismiss);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (open === "phone" && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const onCalendarDone = (iso: string | null) => {
    if (iso !== null && iso !== value) onChange(iso);
    close(true);
  };

  // Tabbing out of the dropdown calendar closes it; focus goes where the user sent it.
  const onDialogBlur = (event: FocusEvent<HTMLDialogElement>) => {
    const next = event.relatedTarget;
    if (open === "desktop" && next instanceof Node && !event.currentTarget.contains(next)) {
      if (next !== buttonRef.current) close(false);
    }
  };

  const showButton = !readOnly;
  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      tips={tips}
      error={error}
      muted={disabled || readOnly}
      control={
        <>
          <input
            ref={ref}
            id={inputId}
            name={name}
            className="k-input"
            type="text"
            inputMode="text"
            autoComplete={autoComplete}
            placeholder={placeholder}
            value={text}
            disabled={disabled}
            readOnly={readOnly}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId, tipsIdOf(inputId, tips))}
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={() => {
              commitText();
              onBlur?.();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") commitText();
            }}
          />
          {showButton ? (
            <button
              ref={buttonRef}
              type="button"
              className="k-icon-btn"
              aria-label={calendarButtonLabel ?? fill(texts.chooseDate, { label })}
              aria-haspopup="dialog"
              aria-expanded={open !== false}
              aria-controls={open ? calendarId : undefined}
              disabled={disabled}
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
              onClick={() => {
                if (open) return close(false);
                setOpen(window.matchMedia(DESKTOP_QUERY).matches ? "desktop" : "phone");
              }}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2ZM5 9v11h14V9H5Zm2 3h4v4H7v-4Z"
                />
              </svg>
            </button>
          ) : null}
        </>
      }
      popup={
        open ? (
          <dialog
            ref={dialogRef}
            id={calendarId}
            className="k-calendar"
            open={open === "desktop" ? true : undefined}
            aria-label={label}
            onBlur={onDialogBlur}
            onCancel={(event) => {
              event.preventDefault();
              close(true);
            }}
          >
            <Suspense fallback={<p className="k-calendar__loading">{texts.calendarLoading}</p>}>
              <Calendar
                value={value}
                min={min}
                max={max}
                openOn={openOn}
                confirm={open === "phone"}
                onDone={onCalendarDone}
                cancelText={cancelText ?? texts.calendarCancel}
                okText={okText ?? texts.calendarOk}
              />
            </Suspense>
          </dialog>
        ) : null
      }
    />
  );
}
