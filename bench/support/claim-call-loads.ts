import { randomBytes, randomInt } from "node:crypto";
import { CLAIM_API_PATHS } from "@kalinga/domain/claim-api";
import { DEVICE_KEY_HEADER } from "@kalinga/domain/device-key";
import autocannon from "autocannon";
import { benchApiKey } from "./node-server.ts";
import type { SmsSink } from "./sms-sink.ts";

// The claim start and OTP calls under autocannon as the widget makes them, each from an address of
// its own (X-Forwarded-For from a trusted proxy), so the load measures the calls, not the per-address
// challenge: the claims the starts give are the ones the OTP requests use, each with a number of
// its own, and the codes those requests send (read by the SMS sink) are the ones validated.

export type Load = {
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
  statuses: string;
};

type Started = { webReferenceNumber: string; token: string };
type Sent = Started & { mobileNumber: string; deviceKey: string };
type Context = { started?: Started; sent?: Sent };
type RequestParams = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
};

export type CallName = "initClaimRequest" | "requestOneTimePIN" | "validateOneTimePIN";

const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
const apiBase = "/api/claims";

async function run(url: string, request: object, connections: number, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds, requests: [request] });
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(", ");
  return {
    requestsPerSecond: result.requests.total / seconds,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  } satisfies Load;
}

/** The bare route's load: the same start body on a route doing one insert. */
export function bareLoad(baseUrl: string, connections: number) {
  const request = {
    method: "POST",
    path: "/bare/initClaimRequest",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ basicInformation }),
  };
  return (seconds: number) => run(baseUrl, request, connections, seconds);
}

export function claimCallLoads(baseUrl: string, sink: SmsSink, connections: number) {
  const started: Started[] = [];
  const sent: Sent[] = [];
  // Fresh numbers and addresses on every run: a number's daily sends stay in the database.
  let nextMobile = randomInt(0, 800_000_000);
  let nextAddress = randomInt(0, 2 ** 24 - 2 ** 20);
  const address = () => {
    nextAddress += 1;
    return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
  };
  const headers = (token?: string, extra: Record<string, string> = {}) => ({
    "content-type": "application/json",
    "x-api-key": benchApiKey,
    "x-forwarded-for": address(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });

  const requests: Record<CallName, object> = {
    initClaimRequest: {
      method: "POST",
      path: `${apiBase}${CLAIM_API_PATHS.initClaimRequest}`,
      setupRequest: (params: RequestParams) => ({
        ...params,
        headers: headers(),
        body: JSON.stringify({ basicInformation }),
      }),
      onResponse: (status: number, body: string) => {
        if (status === 200) started.push(JSON.parse(body) as Started);
      },
    },
    requestOneTimePIN: {
      method: "POST",
      path: `${apiBase}${CLAIM_API_PATHS.requestOneTimePIN}`,
      setupRequest: (params: RequestParams, context: Context) => {
        const claim = started.shift();
        nextMobile += 1;
        const mobileNumber = `9${String(nextMobile).padStart(9, "0")}`;
        const deviceKey = randomBytes(32).toString("base64url");
        context.sent = claim && { ...claim, mobileNumber, deviceKey };
        return {
          ...params,
          headers: headers(claim?.token, { [DEVICE_KEY_HEADER]: deviceKey }),
          body: JSON.stringify({
            basicInformation,
            webReferenceNumber: claim?.webReferenceNumber ?? "",
            countryCode: "63",
            mobileNumber,
            firstName: "Maria",
          }),
        };
      },
      onResponse: (status: number, _body: string, context: Context) => {
        if (status === 200 && context.sent) sent.push(context.sent);
      },
    },
    validateOneTimePIN: {
      method: "POST",
      path: `${apiBase}${CLAIM_API_PATHS.validateOneTimePIN}`,
      setupRequest: (params: RequestParams) => {
        const claim = sent.shift();
        const to = claim ? `+63${claim.mobileNumber}` : "";
        const oneTimePIN = sink.codeFor(to) ?? "000000";
        sink.forget(to);
        return {
          ...params,
          headers: headers(claim?.token, claim ? { [DEVICE_KEY_HEADER]: claim.deviceKey } : {}),
          body: JSON.stringify({
            basicInformation,
            webReferenceNumber: claim?.webReferenceNumber ?? "",
            oneTimePIN,
          }),
        };
      },
    },
  };

  const lastRate = new Map<CallName, number>();
  async function load(name: CallName, seconds: number): Promise<Load> {
    const result = await run(baseUrl, requests[name], connections, seconds);
    lastRate.set(name, result.requestsPerSecond);
    return result;
  }

  /**
   * Claims started and codes sent (unmeasured) until the next run of `name` has its own: twice
   * what its last run used, so a faster run does not empty the pool.
   */
  async function prepare(name: CallName, seconds: number): Promise<void> {
    if (name === "initClaimRequest") return;
    const count = Math.ceil((lastRate.get(name) ?? 20) * seconds * 2) + 20;
    const pool = name === "requestOneTimePIN" ? started : sent;
    const producer: CallName =
      name === "requestOneTimePIN" ? "initClaimRequest" : "requestOneTimePIN";
    for (let round = 0; pool.length < count; round++) {
      if (round > 20) throw new Error(`could not prepare ${count} claims for ${name}`);
      const missing = count - pool.length;
      const producerRate = Math.max(lastRate.get(producer) ?? 20, 1);
      const producing = Math.min(10, Math.max(1, Math.ceil(missing / producerRate)));
      if (name === "validateOneTimePIN") await prepare("requestOneTimePIN", producing);
      await load(producer, producing);
    }
  }

  return { load, prepare };
}
