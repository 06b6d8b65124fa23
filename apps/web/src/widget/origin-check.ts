import { isWidgetOriginAnswer, WIDGET_ORIGIN_PATH } from "@kalinga/domain/widget-origin";

// At mount the widget asks the service whether this page's origin is allowed (decision 0082): the
// browser would otherwise hide the refusal, and the claimant would meet a failure at the first call.

/**
 * False only when the service says the page's origin is not allowed; a page on the service's own
 * origin, a failed check or a slow one lets the widget start as before.
 */
export async function pageOriginAllowed(apiBase: string, waitMs: number): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(`${apiBase.replace(/\/+$/, "")}${WIDGET_ORIGIN_PATH}`, window.location.href);
  } catch {
    return true;
  }
  if (url.origin === window.location.origin) return true;
  const asked = fetch(url, { credentials: "omit", headers: { accept: "application/json" } })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((body: unknown) => !isWidgetOriginAnswer(body) || body.allowed)
    .catch(() => true);
  const allowed = await Promise.race([
    asked,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), waitMs)),
  ]);
  if (!allowed) {
    // For the page's developers; the claimant sees the widget's own message.
    console.error(
      `Kalinga: the service at ${url.origin} does not allow this page's origin (${window.location.origin}). Add ${window.location.origin} to KALINGA_ALLOWED_ORIGINS on the Kalinga server (comma-separated origins) and restart it.`,
    );
  }
  return allowed;
}
