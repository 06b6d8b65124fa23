import { SpanStatusCode, trace } from "@opentelemetry/api";
import type { Queryable } from "../db/database.ts";
import { EmailSendError, type EmailSender } from "../email/email-sender.ts";
import { SmsSendError, type SmsSender } from "../sms/sms-sender.ts";
import { WebhookSendError, type WebhookSender } from "../webhooks/claim-event-webhooks.ts";
import { WebhookDestinationRefused } from "../webhooks/webhook-destination.ts";
import {
  failInterrupted,
  markFailed,
  markSent,
  type NotificationRow,
  retryLater,
  takeDueNotifications,
} from "./notification-repository.ts";

// Sends the notification queue. Any number of servers may run a worker on one database: each
// takes due rows with FOR UPDATE SKIP LOCKED and marks them 'sending' with a lease, so a row goes
// to one worker at a time; a worker that dies mid-send leaves the row to be taken again once the
// lease runs out (delivery is at least once). Failures are retried with growing, jittered delays.

export type NotificationLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type NotificationWorkerOptions = {
  db: Queryable;
  sms: SmsSender;
  email: EmailSender;
  /** The insurer's webhook endpoint, when one is set; without it webhook deliveries wait queued. */
  webhook?: WebhookSender;
  /** Runs at the start of each round: turns new claim events into webhook deliveries. */
  beforeRound?: () => Promise<unknown>;
  now: () => Date;
  log: NotificationLog;
  /** Told of every attempt's outcome by channel (the metrics). */
  onOutcome?: (channel: NotificationRow["channel"], outcome: Outcome) => void;
  /** Attempts before a notification is given up as 'failed'. */
  maxAttempts: number;
  pollIntervalMs: number;
  /** Rows taken per round; the worker takes more at once while rounds come back full. */
  batchSize?: number;
  /** How long a 'sending' row belongs to its worker; longer than any send may take. */
  leaseMs?: number;
  /** Jitter source, [0, 1); tests fix it. */
  random?: () => number;
};

type RoundSummary = { taken: number; sent: number; retried: number; failed: number };

export type NotificationWorker = {
  /** One round: takes the due rows, sends them, records the outcome. */
  runOnce(): Promise<RoundSummary>;
  /** Polls every pollIntervalMs until stop(). */
  start(): void;
  /** Runs a round soon (after a commit that queued a notification) instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
};

/** Seconds before the next attempt after the nth failed one; the last value repeats. */
const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 3 * 3600, 6 * 3600] as const;
const JITTER = 0.2;
const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_BATCH_SIZE = 10;

/** How long a delivery to a refused destination waits before it is tried again, uncounted. */
const HELD_RETRY_MS = 10 * 60_000;

/** Delay after `attempts` failed attempts: the schedule's value within ±20 %, so retries spread out. */
function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  const base = (RETRY_DELAYS_SECONDS[index] ?? 30) * 1000;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

type TakenRow = NotificationRow;

type Outcome = "sent" | "retried" | "failed";

/** held: the destination was refused, not the delivery; it waits without using an attempt. */
type Failure = { reason: string; retryable: boolean; held?: boolean };

/** What may be stored and logged about a failure: never the message's text or recipient. */
function describeFailure(error: unknown): Failure {
  if (error instanceof EmailSendError) return { reason: error.message, retryable: error.retryable };
  if (error instanceof SmsSendError) return { reason: error.message, retryable: true };
  if (error instanceof WebhookSendError) return { reason: error.message, retryable: true };
  if (error instanceof WebhookDestinationRefused) {
    return { reason: `refused: ${error.message}`, retryable: true, held: true };
  }
  if (error instanceof SendTimeout) return { reason: error.message, retryable: true };
  const name = error instanceof Error && /^\w{1,40}$/.test(error.name) ? error.name : "Error";
  return { reason: `unexpected ${name}`, retryable: true };
}

class SendTimeout extends Error {
  override name = "SendTimeout";
}

/** The worker's options with every default filled in. */
type WorkerDeps = Required<Omit<NotificationWorkerOptions, "webhook" | "beforeRound">> &
  Pick<NotificationWorkerOptions, "webhook" | "beforeRound"> & {
    /** A provider that neither answers nor fails must not outlive the lease. */
    sendLimitMs: number;
  };

function workerDeps(options: NotificationWorkerOptions): WorkerDeps {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return {
    ...options,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    leaseMs,
    random: options.random ?? Math.random,
    onOutcome: options.onOutcome ?? (() => undefined),
    sendLimitMs: Math.floor(leaseMs / 2),
  };
}

async function giveUpInterrupted({ db, log, maxAttempts }: WorkerDeps, at: Date) {
  // A row that keeps dying mid-send (it may crash the server) stops after maxAttempts too.
  const rows = await failInterrupted(db, at, maxAttempts);
  for (const row of rows) {
    log.warn(
      { notificationId: row.id, channel: row.channel, attempts: row.attempts },
      "notification failed for good",
    );
  }
  return rows.length;
}

async function take(
  { db, leaseMs, batchSize, webhook }: WorkerDeps,
  at: Date,
): Promise<TakenRow[]> {
  // Without a webhook endpoint its deliveries are left as they are, to go once one is set.
  return takeDueNotifications(db, at, {
    lockedUntil: new Date(at.getTime() + leaseMs),
    limit: batchSize,
    withWebhooks: webhook !== undefined,
  });
}

/** The company's sender when the row names one; else the provider's own from the settings. */
const fromOf = (row: TakenRow) => (row.sender !== null ? { from: row.sender } : {});

async function deliver({ sms, email, webhook, sendLimitMs }: WorkerDeps, row: TakenRow) {
  const sending =
    row.channel === "sms"
      ? sms.send({ to: row.recipient, text: row.body, ...fromOf(row) })
      : row.channel === "webhook"
        ? (webhook?.send({ id: row.id, type: row.subject ?? "", body: row.body }) ??
          Promise.reject(new Error("no webhook endpoint")))
        : email.send({
            to: row.recipient,
            subject: row.subject ?? "",
            text: row.body,
            ...(row.html !== null ? { html: row.html } : {}),
            ...fromOf(row),
          });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout("timed out")), sendLimitMs);
  });
  try {
    await Promise.race([sending, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Records a failed send: held, retried later or given up, by what the failure says. */
async function recordFailure(
  { db, log, maxAttempts, random }: WorkerDeps,
  row: TakenRow,
  failure: Failure,
  at: Date,
): Promise<Outcome> {
  const details = { notificationId: row.id, claimId: row.claim_id, channel: row.channel };
  if (failure.held) {
    // The endpoint is not to be reached (decision 0065): the delivery waits, its attempts intact.
    const nextAttemptAt = new Date(at.getTime() + HELD_RETRY_MS);
    await retryLater(db, row, { nextAttemptAt, reason: failure.reason, held: true });
    log.warn(
      { ...details, reason: failure.reason, nextAttemptAt },
      "webhook destination refused, delivery held",
    );
    return "retried";
  }
  if (!failure.retryable || row.attempts >= maxAttempts) {
    await markFailed(db, row, failure.reason);
    log.warn(
      { ...details, attempts: row.attempts, reason: failure.reason },
      "notification failed for good",
    );
    return "failed";
  }
  const nextAttemptAt = new Date(at.getTime() + retryDelayMs(row.attempts, random));
  await retryLater(db, row, { nextAttemptAt, reason: failure.reason, held: false });
  log.warn(
    { ...details, attempts: row.attempts, reason: failure.reason, nextAttemptAt },
    "notification not sent, will retry",
  );
  return "retried";
}

/** Without a tracer set up (decision 0104) these spans cost nothing: the API's tracer is a no-op. */
const tracer = trace.getTracer("kalinga-notifications");

/** One attempt in a span of its own: "webhook delivery" or "notification send", with its outcome. */
async function settle(deps: WorkerDeps, row: TakenRow): Promise<Outcome> {
  const name = row.channel === "webhook" ? "webhook delivery" : "notification send";
  return tracer.startActiveSpan(name, async (span) => {
    span.setAttributes({ "kalinga.channel": row.channel, "kalinga.attempt": row.attempts });
    try {
      const outcome = await attempt(deps, row);
      deps.onOutcome(row.channel, outcome);
      span.setAttribute("kalinga.outcome", outcome);
      if (outcome !== "sent") span.setStatus({ code: SpanStatusCode.ERROR });
      return outcome;
    } finally {
      span.end();
    }
  });
}

async function attempt(deps: WorkerDeps, row: TakenRow): Promise<Outcome> {
  let failure: Failure | null = null;
  try {
    await deliver(deps, row);
  } catch (error) {
    failure = describeFailure(error);
  }
  const at = deps.now();
  if (failure !== null) return recordFailure(deps, row, failure, at);
  await markSent(deps.db, row, at);
  deps.log.info(
    { notificationId: row.id, claimId: row.claim_id, channel: row.channel, attempts: row.attempts },
    "notification sent",
  );
  return "sent";
}

async function runRound(deps: WorkerDeps): Promise<RoundSummary> {
  if (deps.beforeRound) {
    await deps.beforeRound().catch((error: unknown) => {
      deps.log.warn({ err: error }, "queueing webhooks failed");
    });
  }
  const at = deps.now();
  const failedInterrupted = await giveUpInterrupted(deps, at);
  const rows = await take(deps, at);
  const outcomes = await Promise.all(rows.map((row) => settle(deps, row)));
  return {
    taken: rows.length,
    sent: outcomes.filter((outcome) => outcome === "sent").length,
    retried: outcomes.filter((outcome) => outcome === "retried").length,
    failed: failedInterrupted + outcomes.filter((outcome) => outcome === "failed").length,
  };
}

/** The polling of a worker's rounds: start, wake and stop. */
function pollRounds(
  runOnce: () => Promise<RoundSummary>,
  { batchSize, pollIntervalMs, log }: WorkerDeps,
): Omit<NotificationWorker, "runOnce"> {
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = null;
    running = (async () => {
      try {
        // A full round means more is waiting: keep going until a round comes back short.
        let full = true;
        while (started && full) full = (await runOnce()).taken === batchSize;
      } catch (error) {
        log.warn({ err: error }, "notification round failed");
      }
    })();
    void running.then(() => {
      running = null;
      const again = wokenWhileRunning;
      wokenWhileRunning = false;
      schedule(again ? 0 : pollIntervalMs);
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (!started) return;
      if (running) wokenWhileRunning = true;
      else schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const deps = workerDeps(options);
  // Rounds of one worker never overlap: each waits for the one before.
  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<RoundSummary> {
    const round = chain.then(() => runRound(deps));
    chain = round.catch(() => undefined);
    return round;
  }
  return { runOnce, ...pollRounds(runOnce, deps) };
}
