import { useState } from "react";
import { DayPicker } from "react-day-picker";
import dayPickerCss from "react-day-picker/style.css?inline";
import calendarCss from "./calendar.css?inline";
import { clampIsoDate, isoToLocalDate, localDateToIso } from "./local-date.ts";
import { useLocale, useTexts } from "./locale.ts";
import { adoptStyles } from "./styles.ts";
import { UI_TEXTS } from "./ui-texts.ts";

// This module loads only when a calendar first opens, and brings its styles with it.
adoptStyles(dayPickerCss);
adoptStyles(calendarCss);

type Texts = typeof UI_TEXTS;

/** The names of months and days in a locale, from Intl: no locale's names ride in the bundle. */
function namesIn(locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options);
  return {
    month: format({ month: "long" }),
    weekday: format({ weekday: "long" }),
    weekdayShort: format({ weekday: "short" }),
    monthYear: format({ month: "long", year: "numeric" }),
  };
}

// The day's number comes first, so the button's name starts with the digits it shows.
function dayButtonLabel(names: ReturnType<typeof namesIn>, texts: Texts) {
  return (date: Date, modifiers: { today?: boolean; selected?: boolean }): string => {
    const day = `${date.getDate()} ${names.month.format(date)} ${date.getFullYear()}`;
    const extra = [
      names.weekday.format(date),
      modifiers.today && texts.calendarToday,
      modifiers.selected && texts.calendarSelected,
    ];
    return [day, ...extra.filter(Boolean)].join(", ");
  };
}

/** Another locale than English: the grid's month, weekday and caption names in its words. */
function localeNames(locale: string) {
  if (locale === "en") return {};
  const names = namesIn(locale);
  return {
    formatters: {
      formatMonthDropdown: (month: Date) => names.month.format(month),
      formatWeekdayName: (weekday: Date) => names.weekdayShort.format(weekday),
      formatCaption: (month: Date) => names.monthYear.format(month),
    },
    labels: {
      labelWeekday: (weekday: Date) => names.weekday.format(weekday),
      labelGrid: (month: Date) => names.monthYear.format(month),
    },
  };
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
  const { locale } = useLocale();
  const inLocale = localeNames(locale);
  // The month and year dropdowns are native selects, named from the keyed texts.
  const labels = {
    ...inLocale.labels,
    labelDayButton: dayButtonLabel(namesIn(locale), texts),
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
        formatters={inLocale.formatters}
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
