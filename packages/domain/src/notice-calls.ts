import * as z from "zod/mini";
import { DEFAULT_CHANNEL_NAMES } from "./channel.ts";
import { CONSOLE_CALL_ROUTES } from "./console-call-routes.ts";
import type { ConsoleCallSpec } from "./console-call-spec.ts";
import { emptyBody, writtenText } from "./console-requests.ts";
import { NOTICE_TEXT_LIMITS, type NoticeWindow, noticeWindowProblems } from "./notice-window.ts";
import { idInput } from "./route-inputs.ts";

// The console's calls for the temporarily-unavailable notice (decision 0086): list, schedule,
// change and end a notice of one company and channel. Rows of the console's call table, kept
// here with their schemas so the table stays one screen of rows per feature.

export const NOTICE_REQUEST_MESSAGES = {
  badCompany: "Send the id of a configured company.",
  badChannel: `Choose one of: ${Object.keys(DEFAULT_CHANNEL_NAMES).join(", ")}.`,
  badTime: "Send a date and time like 2026-01-06T22:00:00+08:00.",
  "end-after-start": "The end must come after the start.",
  "close-inside-show": "The close window must lie inside the window the notice shows in.",
} as const;

const M = NOTICE_REQUEST_MESSAGES;
const CHANNELS = Object.keys(DEFAULT_CHANNEL_NAMES) as [keyof typeof DEFAULT_CHANNEL_NAMES];

const dateTime = z.string(M.badTime).check(
  z.refine(
    (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value) && !Number.isNaN(Date.parse(value)),
    {
      error: M.badTime,
      params: { rule: "date-time" },
    },
  ),
);

const windowRule = (field: string, rule: "end-after-start" | "close-inside-show") =>
  z.refine<NoticeWindow>(
    (body) => !noticeWindowProblems(body).some((p) => p.field === field && p.rule === rule),
    { error: M[rule], path: [field], params: { rule } },
  );

/** A notice as the console schedules it: its words, its company and channel, its two windows. */
export const noticeBody = z
  .strictObject({
    company: z
      .string(M.badCompany)
      .check(z.minLength(1, M.badCompany), z.maxLength(60, M.badCompany)),
    channel: z.enum(CHANNELS, M.badChannel),
    title: writtenText(NOTICE_TEXT_LIMITS.title),
    content: writtenText(NOTICE_TEXT_LIMITS.content),
    startTime: dateTime,
    endTime: dateTime,
    showCloseStartTime: dateTime,
    showCloseEndTime: dateTime,
  })
  .check(
    windowRule("endTime", "end-after-start"),
    windowRule("showCloseEndTime", "end-after-start"),
    windowRule("showCloseStartTime", "close-inside-show"),
    windowRule("showCloseEndTime", "close-inside-show"),
  );
export type NoticeBody = z.output<typeof noticeBody>;

export const noticeParams = z.object({ id: idInput });

const notice = z.object({
  id: z.string(),
  company: z.string(),
  channel: z.enum(CHANNELS),
  title: z.string(),
  content: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  showCloseStartTime: z.string(),
  showCloseEndTime: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ScheduledNotice = z.output<typeof notice>;

export const noticesAnswer = z.object({ notices: z.array(notice) });
export const savedNoticeAnswer = z.object({ notice });

const call = <const Spec extends ConsoleCallSpec>(spec: Spec): Spec => spec;
const byAdministrators = {
  credential: "staff-session",
  idempotent: true,
  audited: true,
  permission: ["manage-notices"],
  claim: false,
  query: null,
} as const;

export const NOTICE_CALLS = {
  listNotices: call({
    ...byAdministrators,
    ...CONSOLE_CALL_ROUTES.listNotices,
    params: null,
    body: null,
    response: noticesAnswer,
    refusals: ["forbidden"],
    idempotent: false,
    audited: false,
    summary: "The notices that have not ended, of every company and channel, soonest first.",
  }),
  scheduleNotice: call({
    ...byAdministrators,
    ...CONSOLE_CALL_ROUTES.scheduleNotice,
    params: null,
    body: noticeBody,
    response: savedNoticeAnswer,
    refusals: ["forbidden"],
    summary: "Schedules a temporarily-unavailable notice for one company and channel.",
  }),
  changeNotice: call({
    ...byAdministrators,
    ...CONSOLE_CALL_ROUTES.changeNotice,
    params: noticeParams,
    body: noticeBody,
    response: savedNoticeAnswer,
    refusals: ["forbidden", "not-found"],
    summary: "Changes a notice that has not ended: its words, its windows, where it shows.",
  }),
  endNotice: call({
    ...byAdministrators,
    ...CONSOLE_CALL_ROUTES.endNotice,
    params: noticeParams,
    body: emptyBody,
    response: savedNoticeAnswer,
    refusals: ["forbidden", "not-found"],
    summary: "Ends a notice now: it and its close icon leave every open widget within a minute.",
  }),
};
