import { defineTexts } from "@kalinga/domain/localized-texts";

// Texts of the shared field components, keyed, with their English defaults. A screen may pass its
// own through the components' props.

export const UI_TEXTS = defineTexts("ui", {
  /** The two buttons at the foot of a step. */
  back: "Back",
  next: "Next",
  /** The popups' close button, and the answer that keeps what a confirmation would undo. */
  close: "Close",
  keep: "Keep",
  /** The spinner's name for screen readers. */
  loading: "Loading",
  /** Shown under the spinner while the widget answers the server's proof-of-work challenge. */
  checkingConnection: "Checking your connection\u2026",
  /** Shown under the spinner while a call is sent again after its first try was cut off. */
  stillSending: "Still sending\u2026 Please keep this page open.",
  /** The info button beside a label: "More about Mobile number". */
  moreAbout: "More about {label}",
  /** The calendar button of a date field: "Choose date, Date of birth". */
  chooseDate: "Choose date, {label}",
  calendarLoading: "Loading calendar\u2026",
  calendarCancel: "Cancel",
  calendarOk: "OK",
  calendarMonth: "Month",
  calendarYear: "Year",
  calendarPrevious: "Previous month",
  calendarNext: "Next month",
  /** After a day's name in the calendar: "29 November 2026, Sunday, today". */
  calendarToday: "today",
  calendarSelected: "selected",
  /** The dropdown's toggle: "Show options, Bank". */
  showOptions: "Show options, {label}",
  /** The dropdown's list: "Bank options". */
  optionsOf: "{label} options",
  noMatches: "No matches",
});
