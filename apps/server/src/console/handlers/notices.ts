import { NOTICE_REQUEST_MESSAGES } from "@kalinga/domain/notice-calls";
import {
  endNotice,
  openNotices,
  readNotice,
  writeNotice,
} from "../../content/notice-repository.ts";
import type { ConsoleCallHandlers, ConsoleServices } from "../console-handler.ts";
import { refuse } from "../console-refusals.ts";
import { CONSOLE_MESSAGES as M } from "../console-texts.ts";

// The temporarily-unavailable notice scheduled by an administrator (decision 0086): the notices not
// ended, and a notice scheduled, changed or ended, each audited with the notice before and after.
// The window rules are the domain's, checked by the body's schema before a handler runs.

type NoticeHandlers = Pick<
  ConsoleCallHandlers,
  "listNotices" | "scheduleNotice" | "changeNotice" | "endNotice"
>;

export function noticeHandlers(services: ConsoleServices): NoticeHandlers {
  const { db, companies, now } = services;
  const unknownCompany = async (company: string) =>
    !(await companies.companies()).some((configured) => configured.id === company);
  const badCompany = () => refuse.field("company", "one-of", NOTICE_REQUEST_MESSAGES.badCompany);

  return {
    async listNotices() {
      return { notices: await openNotices(db, now()) };
    },

    async scheduleNotice({ body, staff, record }) {
      if (await unknownCompany(body.company)) return badCompany();
      const notice = await writeNotice(db, null, body, { by: staff.email, now: now() });
      if (!notice) throw new Error("A new notice was not written.");
      await record("notice.schedule", null, { before: null, after: notice });
      return { notice };
    },

    async changeNotice({ params, body, staff, record }) {
      const before = await readNotice(db, params.id);
      if (!before) return refuse.notFound(M.noticeNotFound);
      if (Date.parse(before.endTime) <= now().getTime()) return refuse.notFound(M.noticeEnded);
      if (await unknownCompany(body.company)) return badCompany();
      const notice = await writeNotice(db, params.id, body, { by: staff.email, now: now() });
      if (!notice) return refuse.notFound(M.noticeNotFound);
      await record("notice.change", null, { before, after: notice });
      return { notice };
    },

    async endNotice({ params, staff, record }) {
      const before = await readNotice(db, params.id);
      if (!before) return refuse.notFound(M.noticeNotFound);
      const notice = await endNotice(db, params.id, { by: staff.email, now: now() });
      if (!notice) return refuse.notFound(M.noticeNotFound);
      await record("notice.end", null, { before, after: notice });
      return { notice };
    },
  };
}
