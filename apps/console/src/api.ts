import { CONSOLE_CALL_ROUTES, consoleCallUrl } from "@kalinga/domain/console-call-routes";
import type {
  ConsoleCallAnswer,
  ConsoleCallName,
  ConsoleCallRequest,
  ConsoleCalls,
} from "@kalinga/domain/console-calls";

// The console's calls to /console/api, by the domain's call table (docs/decisions/0072): the URL
// from the call's row, the input and the answer typed by its schemas, the session's CSRF token on
// every change. Only types come from the table: no schema reaches the console's bundle.

let csrfToken = "";
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

type FieldError = { field: string; rule?: string; message: string };

/** The refusals every call shares: the session, the CSRF token, the input, an Idempotency-Key. */
type SharedRefusal =
  | "signed-out"
  | "csrf"
  | "invalid-request"
  | "idempotency-mismatch"
  | "idempotency-in-flight";

/** A failed call's body: its refusal code, and the message or the fields at fault. */
export type ErrorBody<K extends ConsoleCallName = ConsoleCallName> = {
  error?: ConsoleCalls[K]["refusals"][number] | SharedRefusal;
  message?: string;
  errors?: FieldError[];
  allowedNextStatuses?: string[];
};

export class ApiError<K extends ConsoleCallName = ConsoleCallName> extends Error {
  readonly status: number;
  readonly body: ErrorBody<K>;
  constructor(status: number, body: ErrorBody<K>) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** Called when the server says the session is over, so the app returns to sign-in. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
  onSignedOut = handler;
};

/** A call's input; a call that takes nothing may be made without one. */
export type InputArgs<K extends ConsoleCallName> = keyof ConsoleCallRequest<K> extends never
  ? [input?: ConsoleCallRequest<K>]
  : [input: ConsoleCallRequest<K>];

type Parts = { params?: Record<string, string>; query?: Record<string, string | undefined> };

/** A page's search parameters as a call's query (the server checks each). */
export const queryOf = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(params);

const urlOf = (name: ConsoleCallName, parts: Parts) =>
  consoleCallUrl(name, parts.params, parts.query);

/** The URL of a call, for a link or a file the browser opens itself (the CSV, a document). */
export function consoleUrl<K extends ConsoleCallName>(name: K, ...[input]: InputArgs<K>): string {
  return urlOf(name, input ?? {});
}

/** Makes the call; its answer as the call's row declares it, or an ApiError with its refusal. */
export async function consoleCall<K extends ConsoleCallName>(
  name: K,
  ...[input]: InputArgs<K>
): Promise<ConsoleCallAnswer<K>> {
  const { method } = CONSOLE_CALL_ROUTES[name];
  const parts: Parts & { body?: unknown } = input ?? {};
  const response = await fetch(urlOf(name, parts), {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(method === "POST"
        ? { "content-type": "application/json", "x-csrf-token": csrfToken }
        : {}),
    },
    ...(method === "POST" ? { body: JSON.stringify(parts.body ?? {}) } : {}),
  });
  if (!response.ok) {
    const failure: ErrorBody<K> = await response.json().catch(() => ({}));
    const signingIn = name === "signIn" || name === "signInCode";
    if (response.status === 401 && failure.error === "signed-out" && !signingIn) onSignedOut();
    throw new ApiError<K>(response.status, failure);
  }
  // The server's handler for this call is typed by the same row's response schema.
  return response.json();
}
