import { auditAnswer, companiesAnswer, savedCompanyAnswer } from "./console-answers.ts";
import { CONSOLE_CALL_ROUTES } from "./console-call-routes.ts";
import { consoleCall, SIGNED_IN } from "./console-call-spec.ts";
import { auditQuery, companyBody } from "./console-requests.ts";

// The console's calls for an administrator's oversight: the configured companies and the audit
// log. Rows of the console's call table (console-calls.ts, decision 0072).

export const ADMIN_CALLS = {
  listCompanies: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.listCompanies,
    permission: ["manage-companies"],
    claim: false,
    params: null,
    query: null,
    body: null,
    response: companiesAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    audited: false,
    summary: "The configured companies with their versions, for an administrator to change.",
  }),
  saveCompany: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.saveCompany,
    permission: ["manage-companies"],
    claim: false,
    params: null,
    query: null,
    body: companyBody,
    response: savedCompanyAnswer,
    refusals: ["forbidden", "changed"],
    summary:
      "Adds a company or changes one, once the whole set with it passes; live on every server within the refresh.",
  }),
  readAuditLog: consoleCall({
    ...SIGNED_IN,
    ...CONSOLE_CALL_ROUTES.readAuditLog,
    permission: ["read-audit-log"],
    claim: false,
    params: null,
    query: auditQuery,
    body: null,
    response: auditAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    summary: "The audit log, newest first, for one claim or all, a hundred rows a page.",
  }),
} as const;
