import { useState } from "react";
import { DayPicker } from "react-day-picker";
import dayPickerCss from "react-day-picker/style.css?inline";
import calendarCss from "./calendar.css?inline";
import { clampIsoDate, isoToLocalDate, localDateToIso } from "./local-date.ts";
import { useTexts } from "./locale.ts";
import { adoptStyles } from "./styles.ts";
import { UI_TEXTS } from "./ui-texts.ts";

// This module loads only when a calendar first opens, and brings its styles with it.
adoptStyles(dayPickerCss);
adoptStyles(calendarCss);

const monthName = new Intl.DateTimeFormat("en", { month: "long" });
const weekdayName = new Intl.DateTimeFormat("en", { weekday: "long" });

// The day's number comes first, so the button's name starts with the digits it shows.
function labelDayButton(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const day = `${date.getDate()} ${monthName.format(date)} ${date.getFullYear()}`;
  const extra = [
    weekdayName.format(date),
    modifiers.today && "today",
    modifiers.selected && "selected",
  ];
  return [day, ...extra.filter(Boolean)].join(", ");
}

export interface CalendarProps {
  /** The field's ISO date, or anything else when there is none yet. */
  value: string;
  min: string;
  max: string;
  /** The ISO date whose month shows while there is no value; today when not given. */
  openOn?: string | undefined;
  /** Phones: the choice waits for OK. Desktop: a choice applies at once. */
  confirm: boolean;
  /** An ISO date when a day is chosen (and confirmed), null on Cancel. */
  onDone: (iso: string | null) => void;
  cancelText: string;
  okText: string;
}

/**
 * The month grid with month and year dropdowns (dates of birth are decades back): the years run
 * from min's to max's, and an empty field opens on openOn's month (decision 0041).
 */
export function Calendar({
  value,
  min,
  max,
  openOn,
  confirm,
  onDone,
  cancelText,
  okText,
}: CalendarProps) {
  const texts = useTexts(UI_TEXTS);
  // The month and year dropdowns are native selects, named from the keyed texts.
  const labels = {
    labelDayButton,
    labelMonthDropdown: () => texts.calendarMonth,
    labelYearDropdown: () => texts.calendarYear,
    labelPrevious: () => texts.calendarPrevious,
    labelNext: () => texts.calendarNext,
  };
  const chosen = isoToLocalDate(value);
  const [pending, setPending] = useState(chosen);
  const minDate = isoToLocalDate(min);
  const maxDate = isoToLocalDate(max);
  const today = localDateToIso(new Date());
  const shownMonth = chosen ?? isoToLocalDate(clampIsoDate(openOn ?? today, min, max));

  return (
    <>
      <DayPicker
        mode="single"
        required
        autoFocus
        fixedWeeks
        labels={labels}
        captionLayout="dropdown"
        navLayout="around"
        defaultMonth={shownMonth}
        startMonth={minDate}
        endMonth={maxDate}
        disabled={[
          ...(minDate ? [{ before: minDate }] : []),
          ...(maxDate ? [{ after: maxDate }] : []),
        ]}
        selected={confirm ? pending : chosen}
        onSelect={(day: Date) => {
          if (confirm) setPending(day);
          else onDone(localDateToIso(day));
        }}
      />
      {confirm ? (
        <div className="k-calendar__actions">
          <button type="button" className="k-btn k-btn--text" onClick={() => onDone(null)}>
            {cancelText}
          </button>
          <button
            type="button"
            className="k-btn k-btn--contained"
            disabled={!pending}
            onClick={() => onDone(pending ? localDateToIso(pending) : null)}
          >
            {okText}
          </button>
        </div>
      ) : null}
    </>
  );
}
