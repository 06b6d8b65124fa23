// Styles live in constructable stylesheets adopted by each widget root: they cross neither way
// between the insurer's page and the widget, and a strict style-src CSP does not block them.
// One way in (docs/decisions/0037): the module whose markup a CSS file styles imports it with
// `?inline` and calls adoptStyles() at its top level, so a lazy chunk brings its own styles.
const roots = new Set<ShadowRoot | Document>();
const sheets = new Map<string, CSSStyleSheet | undefined>();
const canAdopt = typeof CSSStyleSheet !== "undefined" && "replaceSync" in CSSStyleSheet.prototype;

function attach(root: ShadowRoot | Document, cssText: string, sheet: CSSStyleSheet | undefined) {
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    return;
  }
  // Browsers without constructable stylesheets (Safari before 16.4) get a <style> element.
  const style = document.createElement("style");
  style.textContent = cssText;
  (root instanceof Document ? root.head : root).append(style);
}

/** Adds a stylesheet to every registered widget root, now and to roots registered later. */
export function adoptStyles(cssText: string): void {
  if (sheets.has(cssText)) return;
  let sheet: CSSStyleSheet | undefined;
  if (canAdopt) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
  }
  // The map keeps the text even without a sheet, so later roots get the <style> fallback too.
  sheets.set(cssText, sheet);
  for (const root of roots) attach(root, cssText, sheet);
}

/** Gives a widget root every stylesheet adopted so far and those adopted later; returns an undo. */
export function registerWidgetRoot(root: ShadowRoot | Document): () => void {
  if (!roots.has(root)) {
    roots.add(root);
    for (const [cssText, sheet] of sheets) attach(root, cssText, sheet);
  }
  return () => {
    roots.delete(root);
  };
}
