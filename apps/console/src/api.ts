// The console's calls to /console/api: JSON in and out, the session's CSRF token on every change.

export const API = "/console/api";

let csrfToken = "";
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

export type FieldError = { field: string; message: string };

type ErrorBody = { error?: string; message?: string; errors?: FieldError[] } & Record<
  string,
  unknown
>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
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

export async function call<T>(
  path: string,
  init: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? "GET";
  const response = await fetch(`${API}${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(method === "POST"
        ? { "content-type": "application/json", "x-csrf-token": csrfToken }
        : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    if (response.status === 401 && body.error === "signed-out" && !path.startsWith("/sign-in"))
      onSignedOut();
    throw new ApiError(response.status, body);
  }
  return body as T;
}

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: "examiner" | "supervisor" | "administrator";
  permissions: string[];
};

export type Clocks = {
  daysOpen: number;
  daysWaitingOnClaimant: number;
  daysWaitingOnInsurer: number;
  deathClaimDaysLeft: number | null;
  serviceLevelDaysLeft: number;
};
