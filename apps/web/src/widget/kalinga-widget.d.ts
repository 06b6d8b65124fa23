// The claim widget's public API, as an insurer's web team codes against it. Shipped with the build as
// dist/kalinga-widget.d.ts; embed.tsx is typed by it, so the implementation cannot drift from it.

/** What `mount` accepts; every field is optional, as the data-* attributes of the script tag are. */
export interface KalingaMountOptions {
  /** Base of the Kalinga service's API, e.g. "https://claims.example.ph/api". Default "/api". */
  apiBase?: string | undefined;
  /** The key the service issued for this site (KALINGA_API_KEYS on the server). */
  apiKey?: string | undefined;
  /** The page path the widget's routes hang under, e.g. "/help-support/claims". Default "/". */
  routerBase?: string | undefined;
  /** Content locale. Default "en". */
  locale?: string | undefined;
  /** The member portal's or agent assist's signed assertion of its user. */
  assertion?: string | undefined;
  /** The policy the portal's user came from: /cfm opens on it, read-only. */
  policyNumber?: string | undefined;
}

/** A mounted widget: `unmount()` is the same as `Kalinga.unmount(element)`. */
export interface KalingaWidget {
  readonly element: Element;
  unmount(): void;
}

export interface KalingaApi {
  /**
   * Mounts the widget into the element's shadow root. Mounting again on a mounted element replaces
   * the widget there (one root per element). Resolves once the first screen is rendering.
   */
  mount(element: Element, options?: KalingaMountOptions): Promise<KalingaWidget>;
  /** Removes the widget from the element: its shadow root is left empty; nothing of it keeps running. */
  unmount(element: Element): void;
}

declare global {
  interface Window {
    /** Set once widget.js has run. */
    Kalinga?: KalingaApi;
  }
}
