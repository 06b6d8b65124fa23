// Analytics events go to the host page's data layer when it has one. Values a claimant typed are
// never sent: only which field, which step and which message.

type DataLayer = { push: (event: Record<string, unknown>) => void };

export function track(event: string, detail: Record<string, string | number | boolean> = {}): void {
  const layer = (window as unknown as { dataLayer?: DataLayer }).dataLayer;
  if (layer && typeof layer.push === "function")
    layer.push({ event: `kalinga_${event}`, ...detail });
}

export function trackFieldError(form: string, field: string, message: string): void {
  track("field_error", { form, field, message });
}
