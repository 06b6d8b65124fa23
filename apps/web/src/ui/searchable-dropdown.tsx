import { fill } from "@kalinga/domain/localized-texts";
import {
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { describedBy } from "./describedby.ts";
import { errorIdOf, FieldFrame } from "./field-frame.tsx";
import { tipsIdOf } from "./field-label.tsx";
import { useTexts } from "./locale.ts";
import { optionMatches } from "./option-matches.ts";
import { UI_TEXTS } from "./ui-texts.ts";

export interface DropdownOption {
  label: string;
  value: string;
}

export interface SearchableDropdownProps {
  label: string;
  options: readonly DropdownOption[];
  value: DropdownOption | null;
  onChange: (option: DropdownOption) => void;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  id?: string | undefined;
  error?: string | undefined;
  tips?: readonly string[] | undefined;
  disabled?: boolean | undefined;
  placeholder?: string | undefined;
  required?: boolean | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  /** Shown when the typed text matches no option. */
  noMatchesText?: string | undefined;
}

/**
 * An editable combobox with list autocomplete (WAI-ARIA APG): typing filters the options
 * (case-insensitive, anywhere in the label). The choice cannot be cleared; leaving with other
 * text puts the chosen label back. Not rendered when there are no options, unless disabled.
 */
export function SearchableDropdown(props: SearchableDropdownProps) {
  if (props.options.length === 0 && !props.disabled) return null;
  return <Combobox {...props} />;
}

const labelOf = (option: DropdownOption | null) => option?.label ?? "";

function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  id,
  error,
  tips,
  disabled,
  placeholder,
  required,
  ref,
  noMatchesText,
}: SearchableDropdownProps) {
  const texts = useTexts(UI_TEXTS);
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-list`;
  const errorId = errorIdOf(inputId);
  const chosen = labelOf(value);
  const [text, setText] = useState(chosen);
  const [open, setOpen] = useState(false);
  // The highlighted option's index in `items`; -1 for none.
  const [active, setActive] = useState(-1);
  // A new value from the owner replaces whatever the box shows.
  const [shown, setShown] = useState(chosen);
  if (shown !== chosen) {
    setShown(chosen);
    setText(chosen);
  }
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const setInput = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === "function") return ref(node);
      if (ref) ref.current = node;
    },
    [ref],
  );

  // A chosen label wider than the box ("Land Bank of the Philippines (Landbank)" at 375 px) is
  // cut by the one-line input; then the full label shows beneath it, on as many lines as it needs.
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !chosen) return setCut(false);
    const measure = () => setCut(input.scrollWidth > input.clientWidth);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(input);
    return () => observer.disconnect();
  }, [chosen]);

  // The full list while the box shows the chosen label; the matches once the user types.
  const items = text === chosen ? options : optionMatches(options, text);
  const chosenIndex = items.findIndex((option) => option.value === value?.value);

  // Scroll the list, never the page: on a short phone screen scrollIntoView would move the whole form.
  useEffect(() => {
    const list = listRef.current;
    const option =
      open && active >= 0 ? (list?.children[active] as HTMLElement | undefined) : undefined;
    if (!list || !option) return;
    const top = option.offsetTop;
    const bottom = top + option.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight)
      list.scrollTop = bottom - list.clientHeight;
  }, [open, active]);

  const show = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: DropdownOption) => {
    close();
    setText(option.label);
    if (option.value !== value?.value) onChange(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        const down = event.key === "ArrowDown";
        let next = (down ? active + 1 : (active < 1 ? count : active) - 1) % count;
        if (!open) next = chosenIndex >= 0 ? chosenIndex : down ? 0 : count - 1;
        show(count ? next : -1);
        break;
      }
      case "Enter": {
        const option = open ? items[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case "Escape":
        // Handled here, so an enclosing popup stays open while only the list closes.
        if (open) {
          event.preventDefault();
          close();
        } else setText(chosen);
    }
  };

  const noMatches = open && items.length === 0;
  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      tips={tips}
      error={error}
      muted={disabled}
      control={
        <>
          <input
            ref={setInput}
            id={inputId}
            className="k-input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId, tipsIdOf(inputId, tips))}
            autoComplete="off"
            name={name}
            disabled={disabled}
            placeholder={placeholder}
            required={required}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              show(-1);
              if (listRef.current) listRef.current.scrollTop = 0;
            }}
            onClick={() => (open ? close() : show(chosenIndex))}
            onKeyDown={onKeyDown}
            onBlur={() => {
              close();
              setText(chosen);
              onBlur?.();
            }}
          />
          <button
            type="button"
            className="k-icon-btn k-dropdown__toggle"
            aria-label={fill(texts.showOptions, { label })}
            aria-controls={listId}
            aria-expanded={open}
            tabIndex={-1}
            disabled={disabled}
            // Focus stays in the box, so its blur does not close the list under the press.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              inputRef.current?.focus();
              open ? close() : show(chosenIndex);
            }}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="currentColor" d="m7 10 5 5 5-5H7Z" />
            </svg>
          </button>
        </>
      }
      popup={
        <>
          <div
            ref={listRef}
            id={listId}
            className="k-listbox"
            role="listbox"
            aria-label={fill(texts.optionsOf, { label })}
            // A press on an option or the scrollbar must not blur the box before the choice.
            onMouseDown={(event) => event.preventDefault()}
          >
            {open
              ? items.map((option, index) => (
                  // biome-ignore lint/a11y: options take neither focus nor keys; the input holds both (aria-activedescendant).
                  <div
                    key={option.value}
                    id={`${listId}-${index}`}
                    className="k-option"
                    role="option"
                    aria-selected={index === active}
                    data-chosen={option.value === value?.value ? "" : undefined}
                    onClick={() => choose(option)}
                  >
                    {option.label}
                  </div>
                ))
              : null}
          </div>
          {/* Always present, so screen readers announce the text when it appears. */}
          <p className="k-nomatch" role="status">
            {noMatches ? (noMatchesText ?? texts.noMatches) : null}
          </p>
        </>
      }
      below={
        <>
          {/* For the eye only: the box's value already gives screen readers the whole label. */}
          {cut && !open && text === chosen ? (
            <p className="k-dropdown__full" aria-hidden="true">
              {chosen}
            </p>
          ) : null}
        </>
      }
    />
  );
}
