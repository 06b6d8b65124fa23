// The widget's origin check (docs/decisions/0082): a browser hides a CORS refusal from the page's
// scripts, so the widget asks this public call whether the server allows its page's origin.

/** Under the API base: GET answers any origin, with only whether that origin is allowed. */
export const WIDGET_ORIGIN_PATH = "/widget/origin";

export type WidgetOriginAnswer = { allowed: boolean };

export function isWidgetOriginAnswer(value: unknown): value is WidgetOriginAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { allowed?: unknown }).allowed === "boolean"
  );
}
