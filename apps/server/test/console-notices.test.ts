import { describe, expect, test } from "vitest";
import { useServerTest } from "./support/server-test.ts";
import { OWNER, type Signed, signInClient } from "./support/sign-in-client.ts";

// The notice scheduled from the console (decision 0086): administrators list, schedule, change and
// end it, each change audited; bad windows are refused naming field and rule, changing nothing;
// the widget's content call serves the company and channel's notice with an ETag.

const server = useServerTest({ env: { NOTIFICATION_POLL_MS: "600000" } });
const { call, createStaff, signIn, signedInAs, send, auditActions } = signInClient(server);

const inMinutes = (minutes: number) =>
  new Date(server.clock.now().getTime() + minutes * 60_000).toISOString();

function notice(overrides: Record<string, unknown> = {}) {
  return {
    company: "first",
    channel: "corporate-website",
    title: "Systems upgrade tonight",
    content: "Claim filing pauses while we improve our systems.",
    startTime: inMinutes(1),
    endTime: inMinutes(60),
    showCloseStartTime: inMinutes(2),
    showCloseEndTime: inMinutes(30),
    ...overrides,
  };
}

const administrator = () => signedInAs("administrator");

const list = (who: Signed) => call("/notices", { method: "GET", cookie: who.cookie });
const served = (query = "company=first&channel=corporate-website", etag?: string) =>
  server.app.inject({
    method: "GET",
    url: `/api/content/notice?${query}`,
    headers: etag ? { "if-none-match": etag } : {},
  });

describe("the notice scheduled from the console", () => {
  test("scheduled, served to its company and channel only, changed and ended; each audited", async () => {
    const admin = await administrator();
    const scheduled = await send(admin, "/notices", notice());
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { id, ...saved } = (scheduled.json() as { notice: { id: string } }).notice;
    expect(saved).toMatchObject({ title: "Systems upgrade tonight", updatedBy: OWNER.email });
    expect((await list(admin)).json()).toMatchObject({ notices: [{ id }] });

    const first = await served();
    expect(first.json()).toMatchObject({
      item: { temporarilyUnavailableTip: { title: "Systems upgrade tonight" } },
    });
    const etag = String(first.headers.etag);
    expect((await served(undefined, etag)).statusCode).toBe(304);
    // Another channel keeps the file's notice, whose window is in the past.
    const other = await served("company=first&channel=member-portal");
    expect(other.json()).not.toMatchObject({
      item: { temporarilyUnavailableTip: { title: "Systems upgrade tonight" } },
    });

    const changed = await send(admin, `/notices/${id}`, notice({ title: "Maintenance moved" }));
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await served(undefined, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      item: { temporarilyUnavailableTip: { title: "Maintenance moved" } },
    });

    const ended = await send(admin, `/notices/${id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await list(admin)).json()).toEqual({ notices: [] });
    expect((await send(admin, `/notices/${id}`, notice())).statusCode).toBe(404);
    expect(await auditActions("notice.")).toEqual([
      "notice.schedule",
      "notice.change",
      "notice.end",
    ]);
  });

  test.each([
    ["endTime", "end-after-start", { endTime: inMinutesLater(0) }],
    ["showCloseStartTime", "close-inside-show", { showCloseStartTime: inMinutesLater(0) }],
    ["showCloseEndTime", "close-inside-show", { showCloseEndTime: inMinutesLater(90) }],
    ["startTime", "date-time", { startTime: "tomorrow" }],
    ["title", "max", { title: "x".repeat(121) }],
    ["channel", "one-of", { channel: "kiosk" }],
  ])("a notice whose %s breaks %s is refused and nothing is kept", async (field, rule, bad) => {
    const admin = await administrator();
    const refused = await send(admin, "/notices", notice(resolve(bad)));
    expect(refused.statusCode).toBe(400);
    const { errors } = refused.json() as { errors: { field: string; rule: string }[] };
    expect(errors).toContainEqual(expect.objectContaining({ field, rule }));
    expect((await list(admin)).json()).toEqual({ notices: [] });
  });

  test("a company that is not configured is refused naming the field", async () => {
    const admin = await administrator();
    const refused = await send(admin, "/notices", notice({ company: "nobody" }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: [{ field: "company", rule: "one-of" }] });
  });

  test("an examiner may not schedule a notice", async () => {
    await createStaff(OWNER.email, "examiner", OWNER.password);
    const examiner = await signIn(OWNER);
    expect((await send(examiner, "/notices", notice())).statusCode).toBe(403);
    expect((await list(examiner)).statusCode).toBe(403);
  });
});

/** Minutes from the test clock's now, read when the test runs (the clock is set per test). */
function inMinutesLater(minutes: number) {
  return { minutes };
}
function resolve(bad: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(bad).map(([key, value]) => [
      key,
      typeof value === "object" && value !== null && "minutes" in value
        ? inMinutes((value as { minutes: number }).minutes)
        : value,
    ]),
  );
}
