import { describeCompanyProblem } from "@kalinga/domain/company-config";
import type { ConsoleCallHandlers, ConsoleServices } from "../console-handler.ts";
import { dateText } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// The insurer's companies for an administrator (decision 0083): the rows with their versions, and
// a change of one company, saved only when the whole set with it passes. Every change is audited
// with the configuration before and after.

type CompanyHandlers = Pick<ConsoleCallHandlers, "listCompanies" | "saveCompany">;

export function companyHandlers(services: ConsoleServices): CompanyHandlers {
  const { companies } = services;

  return {
    async listCompanies() {
      const rows = await companies.rows();
      return {
        companies: rows.map((row) => ({
          id: String((row.config as { id?: unknown }).id),
          version: row.version,
          updatedAt: dateText(row.updatedAt),
          updatedBy: row.updatedBy,
          config: row.config as Record<string, unknown>,
        })),
      };
    },

    async saveCompany({ body, staff, record }) {
      const id = body.config.id;
      const before = (await companies.rows()).find(
        (row) => (row.config as { id?: unknown }).id === id,
      );
      const outcome = await companies.save(body.config, { version: body.version, by: staff.email });
      if ("stale" in outcome) return refuse.changed(M.companyChanged);
      if ("problems" in outcome) {
        return refuse.invalid(
          outcome.problems.map((problem) => ({
            field: problem.field,
            rule: "company-config",
            message: describeCompanyProblem(problem),
          })),
        );
      }
      await record(body.version === null ? "company.create" : "company.change", null, {
        companyId: outcome.saved.id,
        version: outcome.version,
        before: before?.config ?? null,
        after: outcome.saved,
      });
      return { id: outcome.saved.id, version: outcome.version };
    },
  };
}
