import { CONTENT_REQUEST_MESSAGES } from "@kalinga/domain/content-calls";
import { contentCsv, readContentRows } from "@kalinga/domain/content-csv";
import { CsvError, parse } from "csv-parse/sync";
import type { ConsoleCallHandlers, ConsoleServices } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";

// The translators' CSV of a company and channel (decision 0090): every key with its English and each
// locale's words as its file and draft give them; an import writes the changed cells into the
// drafts, or, when any row is refused, nothing.

const R = CONTENT_REQUEST_MESSAGES;

/**
 * The file's rows of fields as RFC 4180 has them (quotes, doubled quotes, commas and line breaks
 * inside quotes, a leading BOM), with any line ending and rows of any length; for a malformed file,
 * why it cannot be read.
 */
function fieldsOfCsv(text: string): string[][] | { unreadable: string } {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === "CSV_QUOTE_NOT_CLOSED") return { unreadable: R.unclosedQuote };
    return { unreadable: R.unreadableCsv(typeof error.lines === "number" ? error.lines : 1) };
  }
}

export function contentCsvHandlers(
  services: ConsoleServices,
): Pick<ConsoleCallHandlers, "exportContent" | "importContent"> {
  const { texts, companies } = services;
  const unknownCompany = async (company: string) =>
    !(await companies.companies()).some((c) => c.id === company);

  /** Each locale's words now: its file with its draft over it. */
  async function current(company: string, channel: string) {
    return Promise.all(
      texts.locales().map(async (locale) => ({
        locale,
        texts: {
          ...texts.fileOf(locale),
          ...(await texts.draft({ company, channel, locale }))?.texts,
        },
      })),
    );
  }

  return {
    async exportContent({ query, reply, record }) {
      if (await unknownCompany(query.company))
        return refuse.field("company", "one-of", R.badCompany);
      const file = contentCsv(texts.english, await current(query.company, query.channel));
      await record("content.export", null, { company: query.company, channel: query.channel });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="texts-${query.company}-${query.channel}.csv"`,
        )
        .send(file);
    },

    async importContent({ body, staff, record }) {
      const { company, channel } = body;
      if (await unknownCompany(company)) return refuse.field("company", "one-of", R.badCompany);
      const fields = fieldsOfCsv(body.csv);
      if ("unreadable" in fields)
        return refuse.invalid([{ field: "csv", rule: "unreadable", message: fields.unreadable }]);
      const read = readContentRows(texts.english, fields, await current(company, channel));
      if ("problems" in read)
        return refuse.invalid(
          read.problems.map((p) => ({
            field: "csv",
            rule: p.problem,
            message: R.csvRow(p.row, p.column, R[p.problem]),
          })),
        );
      const changed: Record<string, number> = {};
      for (const [locale, changes] of Object.entries(read.changes)) {
        await texts.saveDraft({ company, channel, locale }, changes, staff.email);
        changed[locale] = Object.keys(changes).length;
      }
      await record("content.import", null, { company, channel, changed });
      return { changed };
    },
  };
}
