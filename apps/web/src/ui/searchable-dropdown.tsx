import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from "downshift";
import { type Ref, useId, useMemo, useState } from "react";
import { describedBy } from "./describedby.ts";
import { FieldError } from "./field-error.tsx";
import { FieldLabel } from "./field-label.tsx";
import { useDownshiftEnvironment } from "./use-downshift-environment.ts";

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
 * A combobox over options: typing filters them (case-insensitive, anywhere in the label). The
 * choice cannot be cleared; leaving with unmatched text puts the chosen label back. Not rendered
 * when there are no options, unless disabled.
 */
export function SearchableDropdown(props: SearchableDropdownProps) {
  if (props.options.length === 0 && !props.disabled) return null;
  return <Combobox {...props} />;
}

const labelOf = (option: DropdownOption | null) => option?.label ?? "";

// Whatever closes the list without a choice (blur, Escape) restores the chosen label.
function keepChoice(
  state: UseComboboxState<DropdownOption>,
  { type, changes }: UseComboboxStateChangeOptions<DropdownOption>,
): Partial<UseComboboxState<DropdownOption>> {
  switch (type) {
    case useCombobox.stateChangeTypes.InputBlur:
      return { ...changes, inputValue: labelOf(changes.selectedItem ?? state.selectedItem) };
    case useCombobox.stateChangeTypes.InputKeyDownEscape:
      return {
        ...changes,
        selectedItem: state.selectedItem,
        inputValue: labelOf(state.selectedItem),
      };
    default:
      return changes;
  }
}

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
  noMatchesText = "No matches",
}: SearchableDropdownProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const environment = useDownshiftEnvironment();
  // What the box shows; downshift owns it (a controlled one would lag a keystroke behind).
  const [typed, setTyped] = useState(labelOf(value));

  // The full list while the box shows the chosen label; a filtered one once the user types.
  const items = useMemo(() => {
    const query = typed.trim().toLowerCase();
    if (query === "" || typed === labelOf(value)) return options as DropdownOption[];
    return options.filter((option) => option.label.toLowerCase().includes(query));
  }, [options, typed, value]);

  const {
    isOpen,
    highlightedIndex,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<DropdownOption>({
    items,
    itemToString: labelOf,
    itemToKey: (option) => option?.value,
    selectedItem: value,
    inputId,
    environment,
    stateReducer: keepChoice,
    onInputValueChange: ({ inputValue }) => setTyped(inputValue),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && selectedItem.value !== value?.value) onChange(selectedItem);
    },
  });

  const labelProps = getLabelProps();
  const noMatches = isOpen && items.length === 0;
  return (
    <div className="k-field">
      <FieldLabel
        label={label}
        tips={tips}
        id={labelProps.id}
        htmlFor={labelProps.htmlFor ?? inputId}
      />
      <div className="k-anchor">
        <div
          className="k-control"
          data-invalid={error ? "" : undefined}
          data-muted={disabled ? "" : undefined}
        >
          <input
            className="k-input"
            {...getInputProps({
              ref,
              name,
              disabled,
              placeholder,
              required,
              onBlur,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": describedBy(error && errorId),
            })}
          />
          <button
            type="button"
            className="k-icon-btn k-dropdown__toggle"
            aria-label={`Show options, ${label}`}
            {...getToggleButtonProps({ disabled })}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="currentColor" d="m7 10 5 5 5-5H7Z" />
            </svg>
          </button>
        </div>
        <ul className="k-listbox" hidden={!isOpen || items.length === 0} {...getMenuProps()}>
          {isOpen
            ? items.map((option, index) => (
                <li
                  key={option.value}
                  className="k-option"
                  data-highlighted={highlightedIndex === index ? "" : undefined}
                  data-chosen={option.value === value?.value ? "" : undefined}
                  {...getItemProps({ item: option, index })}
                >
                  {option.label}
                </li>
              ))
            : null}
        </ul>
        {noMatches ? (
          <p className="k-listbox k-listbox__empty" role="status">
            {noMatchesText}
          </p>
        ) : null}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
