import { readFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.ts";
import type { StaffSessions } from "./console/staff-sessions.ts";
import type { SignInThrottle } from "./console/staff-sign-in.ts";
import type { Database } from "./db/database.ts";
import type { DocumentStore } from "./documents/document-store.ts";
import { sweepOrphanFiles } from "./documents/document-sweep.ts";
import { sweepDrafts } from "./drafts/draft-housekeeping.ts";
import type { EmailSender } from "./email/email-sender.ts";
import { sweepEmailOutbox } from "./email/outbox-email-sender.ts";
import { sweepExpiredRows } from "./housekeeping/expired-rows.ts";
import { sweepUploadTempFiles } from "./http/upload-temp-files.ts";
import type { MessageWordsOf } from "./notifications/message-locale.ts";
import type { NotificationWorker } from "./notifications/notification-worker.ts";
import { importPolicies, rowsOfCsv } from "./policies/policy-import.ts";
import { sweepRetention } from "./privacy/retention-sweep.ts";

// What the server does beside answering requests, started and stopped with the app (app.ts builds
// it): the hourly housekeeping, the demo policies, the notification worker, and closing what the
// app opened.

const HOUR_MS = 3600 * 1000;

type BackgroundParts = {
  db: Database;
  config: ServerConfig;
  notificationWorker: NotificationWorker;
  documentStore: DocumentStore;
  email: EmailSender;
  staffSessions: StaffSessions;
  signInThrottle: SignInThrottle;
  /** The words of the draft reminders, from the published content of each claim's place. */
  wordsOf: MessageWordsOf;
  /** The app opened the database, so closes it. */
  ownsDatabase: boolean;
};

/** The hourly housekeeping, the demo policies and the worker's start and stop with the app. */
export function addLifecycleHooks(app: FastifyInstance, parts: BackgroundParts) {
  const { db, config, notificationWorker, documentStore, email } = parts;
  const sweep = () =>
    Promise.all([
      sweepExpiredRows(db, config.now(), config.otp.provenDeviceDays),
      sweepDrafts(db, config.now(), parts.wordsOf).then(({ reminders }) => {
        if (reminders > 0) notificationWorker.wake();
      }),
      sweepEmailOutbox(db, config.now()),
      sweepOrphanFiles(db, documentStore, { now: config.now() }),
      parts.staffSessions.sweep(config.now()),
      parts.signInThrottle.sweep(config.now()),
      sweepRetention(db, documentStore, config.now(), config.retention).then((round) => {
        if (!round) return;
        if (config.retention.dryRun) app.log.info({ retention: round }, "retention dry run");
        else app.log.info({ retention: round }, "retention round");
      }),
      // Files' ages are on the real clock, whatever clock the app runs on.
      sweepUploadTempFiles().then((removed) => {
        if (removed > 0)
          app.log.info({ removed }, "temporary upload files left by a crash removed");
      }),
    ]).catch((error: unknown) => app.log.warn({ err: error }, "housekeeping failed"));
  const sweeper = setInterval(sweep, HOUR_MS);
  sweeper.unref();
  app.addHook("onReady", async () => {
    if (config.demoPoliciesFile) {
      // Upserted: a restart changes nothing that was not changed in the file.
      const report = await importPolicies(
        db,
        rowsOfCsv(await readFile(config.demoPoliciesFile, "utf8")),
        config.now(),
      );
      app.log.info({ ...report, rejected: report.rejected.length }, "demo policies loaded");
    }
    await sweep();
    notificationWorker.start();
  });
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    // The round in progress finishes before the database closes; what it did not take stays queued.
    await notificationWorker.stop();
    await email.close?.();
    if (parts.ownsDatabase) await db.close();
  });
}
