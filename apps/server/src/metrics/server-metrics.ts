import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

// The server's Prometheus metrics (decision 0104): one registry per app, so two apps in one process
// (tests) count apart. Counters are told of events where they happen; the database's counts
// (claims by status, the notification queue) are read when a scrape asks, one cheap query each,
// and reused for cacheSeconds so scrapers cannot load the database. No label holds a claim id,
// token, number or raw URL: routes are Fastify's templates, the rest are small fixed sets.

/** One row of claims by status. */
type StatusCount = { status: string; count: number };
/** The queue of one channel: rows waiting or being sent, and the oldest one's age. */
type QueueCount = { channel: string; depth: number; oldestSeconds: number };

/** The database reads the gauges are collected from, bound to the app's database by app.ts. */
type MetricSources = {
  claimsByStatus: () => Promise<StatusCount[]>;
  notificationQueue: (now: Date) => Promise<QueueCount[]>;
};

type DeliveryOutcome = "sent" | "retried" | "failed";
type ChallengeOutcome = "issued" | "passed" | "failed";

export type ServerMetrics = {
  /** The registry a scrape reads. */
  registry: Registry;
  /** A request answered: its route template (or "unmatched"), method, status and duration. */
  request(route: string, method: string, statusCode: number, seconds: number): void;
  /** An upload read: its file's size. */
  uploadBytes(bytes: number): void;
  /** An upload refused, by the refusal's code ("too-large", "type", "slot-full", …). */
  uploadRefused(reason: string): void;
  /** An OTP SMS handed to the provider, or the provider failed it. */
  otpSend(outcome: "sent" | "failed"): void;
  /** A proof-of-work challenge of the given counter kind issued, passed or failed. */
  challenge(kind: string, outcome: ChallengeOutcome): void;
  /** One notification attempt's outcome by channel ("sms", "email", "webhook"). */
  delivery(channel: string, outcome: DeliveryOutcome): void;
};

export type MetricsOptions = {
  sources: MetricSources;
  cacheSeconds: number;
  now: () => Date;
};

/**
 * The last answer of a source, reused while younger than maxAgeMs and shared by the gauges of one
 * scrape while it is being read; a failure keeps the last answer.
 */
function cached<T>(read: () => Promise<T>, maxAgeMs: number, onFailure: () => void) {
  let last: { at: number; value: T } | null = null;
  let reading: Promise<T | null> | null = null;
  async function readAgain(): Promise<T | null> {
    const at = Date.now();
    try {
      last = { at, value: await read() };
    } catch {
      onFailure();
    }
    return last?.value ?? null;
  }
  return (): Promise<T | null> => {
    if (last !== null && Date.now() - last.at < maxAgeMs) return Promise.resolve(last.value);
    reading ??= readAgain().finally(() => {
      reading = null;
    });
    return reading;
  };
}

/** Sets a gauge's children from the channels' queue rows: every channel has a value, 0 when idle. */
function setByChannel(gauge: Gauge, rows: QueueCount[], value: (row: QueueCount) => number) {
  gauge.reset();
  for (const channel of ["sms", "email", "webhook"]) {
    const row = rows.find((entry) => entry.channel === channel);
    gauge.set({ channel }, row ? value(row) : 0);
  }
}

function databaseGauges(registry: Registry, options: MetricsOptions) {
  const failures = new Counter({
    name: "kalinga_metrics_source_failures_total",
    help: "Scrapes whose database read failed (the last values are kept)",
    labelNames: ["source"],
    registers: [registry],
  });
  const maxAgeMs = options.cacheSeconds * 1000;
  const claims = cached(options.sources.claimsByStatus, maxAgeMs, () =>
    failures.inc({ source: "claims" }),
  );
  const queue = cached(
    () => options.sources.notificationQueue(options.now()),
    maxAgeMs,
    () => failures.inc({ source: "notifications" }),
  );
  new Gauge({
    name: "kalinga_claims",
    help: "Claims by status",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await claims();
      if (rows === null) return;
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: "kalinga_notification_queue_depth",
    help: "Notifications waiting or being sent, by channel",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      const rows = await queue();
      if (rows !== null) setByChannel(this, rows, (row) => row.depth);
    },
  });
  new Gauge({
    name: "kalinga_notification_queue_oldest_seconds",
    help: "Age of the oldest notification waiting or being sent, by channel",
    labelNames: ["channel"],
    registers: [registry],
    async collect() {
      const rows = await queue();
      if (rows !== null) setByChannel(this, rows, (row) => row.oldestSeconds);
    },
  });
}

/** The HTTP, upload, OTP, challenge and delivery instruments of one registry. */
function eventInstruments(registry: Registry) {
  const registers = [registry];
  return {
    requests: new Histogram({
      name: "kalinga_http_request_duration_seconds",
      help: "Requests answered, by route template, method and status class",
      labelNames: ["route", "method", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    uploadBytes: new Histogram({
      name: "kalinga_upload_bytes",
      help: "Sizes of the files uploaded to claims",
      buckets: [16_384, 65_536, 262_144, 1_048_576, 4_194_304, 10_485_760, 26_214_400],
      registers,
    }),
    uploadRefusals: new Counter({
      name: "kalinga_upload_refusals_total",
      help: "Uploads refused, by reason",
      labelNames: ["reason"],
      registers,
    }),
    otpSends: new Counter({
      name: "kalinga_otp_sends_total",
      help: "OTP SMS sends, by outcome (sent: taken by the provider; failed: the provider failed)",
      labelNames: ["outcome"],
      registers,
    }),
    challenges: new Counter({
      name: "kalinga_challenges_total",
      help: "Proof-of-work challenges, by counter kind and outcome",
      labelNames: ["kind", "outcome"],
      registers,
    }),
    deliveries: new Counter({
      name: "kalinga_notification_deliveries_total",
      help: "Notification and webhook delivery attempts, by channel and outcome",
      labelNames: ["channel", "outcome"],
      registers,
    }),
  };
}

export function createServerMetrics(options: MetricsOptions): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  databaseGauges(registry, options);
  const instruments = eventInstruments(registry);
  return {
    registry,
    request(route, method, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      instruments.requests.observe({ route, method, status_class: statusClass }, seconds);
    },
    uploadBytes: (bytes) => instruments.uploadBytes.observe(bytes),
    uploadRefused: (reason) => instruments.uploadRefusals.inc({ reason }),
    otpSend: (outcome) => instruments.otpSends.inc({ outcome }),
    challenge: (kind, outcome) => instruments.challenges.inc({ kind, outcome }),
    delivery: (channel, outcome) => instruments.deliveries.inc({ channel, outcome }),
  };
}
