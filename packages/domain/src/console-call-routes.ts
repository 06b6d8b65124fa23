// Where each console call lives: its method and its path under /console/api, Fastify style
// (docs/decisions/0072). Apart from the call table so the console builds its URLs from it without
// bundling a schema; the table (console-calls.ts) spreads each entry into its row.

export const CONSOLE_API_PREFIX = "/console/api";

export const CONSOLE_CALL_ROUTES = {
  signIn: { method: "POST", path: "/sign-in" },
  signInCode: { method: "POST", path: "/sign-in/code" },
  readSession: { method: "GET", path: "/session" },
  signOut: { method: "POST", path: "/sign-out" },
  changeOwnPassword: { method: "POST", path: "/session/password" },
  listStaff: { method: "GET", path: "/staff" },
  createStaff: { method: "POST", path: "/staff" },
  setStaffDisabled: { method: "POST", path: "/staff/:id/disabled" },
  unlockStaff: { method: "POST", path: "/staff/:id/unlock" },
  resetStaffPassword: { method: "POST", path: "/staff/:id/password" },
  resetStaffSecondFactor: { method: "POST", path: "/staff/:id/second-factor" },
  readAuditLog: { method: "GET", path: "/audit" },
  findDataSubject: { method: "GET", path: "/data-subjects" },
  exportDataSubject: { method: "GET", path: "/data-subjects/export" },
  eraseDataSubject: { method: "POST", path: "/data-subjects/erasure" },
  listCompanies: { method: "GET", path: "/companies" },
  saveCompany: { method: "POST", path: "/companies" },
  listNotices: { method: "GET", path: "/notices" },
  scheduleNotice: { method: "POST", path: "/notices" },
  changeNotice: { method: "POST", path: "/notices/:id" },
  endNotice: { method: "POST", path: "/notices/:id/end" },
  readContent: { method: "GET", path: "/content" },
  saveContentDraft: { method: "POST", path: "/content/draft" },
  checkContent: { method: "GET", path: "/content/check" },
  publishContent: { method: "POST", path: "/content/publish" },
  listContentVersions: { method: "GET", path: "/content/versions" },
  rollBackContent: { method: "POST", path: "/content/roll-back" },
  previewContent: { method: "POST", path: "/content/preview" },
  exportContent: { method: "GET", path: "/content.csv" },
  importContent: { method: "POST", path: "/content/import" },
  listClaims: { method: "GET", path: "/claims" },
  exportClaims: { method: "GET", path: "/claims.csv" },
  readClaim: { method: "GET", path: "/claims/:ref" },
  readDocument: { method: "GET", path: "/claims/:ref/documents/:id" },
  changeStatus: { method: "POST", path: "/claims/:ref/status" },
  previewStatusChange: { method: "POST", path: "/claims/:ref/status/preview" },
  previewRequirements: { method: "POST", path: "/claims/:ref/requirements/preview" },
  askForRequirements: { method: "POST", path: "/claims/:ref/requirements" },
  decideRequirement: { method: "POST", path: "/claims/:ref/requirements/:id" },
  setPolicyMatch: { method: "POST", path: "/claims/:ref/policy-match" },
  assignClaim: { method: "POST", path: "/claims/:ref/assignment" },
  addNote: { method: "POST", path: "/claims/:ref/notes" },
  readNotes: { method: "GET", path: "/claims/:ref/notes" },
} as const satisfies Record<string, { method: "GET" | "POST"; path: string }>;

export type ConsoleCallRouteName = keyof typeof CONSOLE_CALL_ROUTES;

/** A call's URL: its path with each :param filled in (encoded), then the query's set values. */
export function consoleCallUrl(
  name: ConsoleCallRouteName,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = CONSOLE_CALL_ROUTES[name].path.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(params[param] ?? ""),
  );
  const search = Object.entries(query)
    .flatMap(([key, value]) =>
      value === undefined ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(value)}`],
    )
    .join("&");
  return `${CONSOLE_API_PREFIX}${path}${search ? `?${search}` : ""}`;
}
