import {
  API_KEY_HEADER,
  CHALLENGE_HEADER,
  CLAIM_API_PATHS,
  CONTINUED_ELSEWHERE,
  IDEMPOTENCY_KEY_HEADER,
  LOCALE_HEADER,
  PORTAL_ASSERTION_HEADER,
  type ProofOfWorkChallenge,
  RETURN_CODES,
} from "@kalinga/domain/claim-api-names";
import type {
  ClaimCallName,
  ClaimCallRefusalBody,
  ClaimCallRequest,
  ClaimCallResponse,
} from "@kalinga/domain/claim-calls";
import type { ClaimCallErrorBody } from "@kalinga/domain/claim-refusals";
import { IN_FLIGHT_RETRY_PAUSES_MS, REQUEST_TIMEOUT_MS } from "@kalinga/domain/constants";
import { session } from "../session/session-store.ts";
import { loading } from "../ui/loading.ts";
import { mountedSetting } from "../widget/widget-setting.ts";
import { systemError } from "./system-error.ts";

// Every claim call (section 7): a JSON POST with basicInformation, the web reference number (but on
// initClaimRequest), the agent code on the agent-assist channel, the api key and the claim token.
// Bodies and answers are typed by the domain's call table (a type-only import: no schema is loaded).

/** The JSON calls; the uploads send a form (document-upload.ts). */
export type JsonClaimCall = Exclude<ClaimCallName, "uploadDocument" | "uploadRequirementDocument">;

/** What the client adds to every body itself: the deployment's names, the claim's reference, the agent. */
type Injected = "basicInformation" | "webReferenceNumber" | "agentCode";
type OwnBasicInformation<K extends JsonClaimCall> =
  ClaimCallRequest<K> extends { basicInformation: infer B }
    ? Omit<B, "companyName" | "channelName">
    : never;
/**
 * The body a screen gives for a call: its own fields, and its own part of basicInformation if any.
 * A tracking call names the tracked claim itself; every other call gets the session's reference.
 */
export type ClaimCallPayload<K extends JsonClaimCall> = Omit<ClaimCallRequest<K>, Injected> & {
  webReferenceNumber?: string;
} & (keyof OwnBasicInformation<K> extends never
    ? { basicInformation?: never }
    : { basicInformation: OwnBasicInformation<K> });

/** Every key some member of U has. */
type KeysOfAny<U> = U extends unknown ? keyof U : never;
/** Each member of U, with the keys only other members have as absent: any of them reads without a cast. */
type Exclusive<U, All extends PropertyKey = KeysOfAny<U>> = U extends unknown
  ? U & { [Key in Exclude<All, keyof U>]?: undefined }
  : never;
/** Any body call K answers, success or failure, for a caller that reads the JSON itself (the uploads). */
export type ClaimCallAnswer<K extends ClaimCallName> = Exclusive<
  ClaimCallResponse<K> | ClaimCallRefusalBody<K> | ClaimCallErrorBody
>;
/** One failure per answer body, told apart by its returnCode. */
type FailureOf<Body> = Body extends { returnCode: string }
  ? { ok: false; status: number; returnCode: Body["returnCode"]; data: Body }
  : never;

/**
 * How call K fails: a refusal its row lists (the returnCode says which, the body what goes with
 * it), a check every call runs (400, 401, 403, 429…), or no answer of the claim API at all (no
 * network, a proxy's page): returnCode and data null.
 */
export type ClaimCallFailure<K extends ClaimCallName> =
  | FailureOf<Exclusive<ClaimCallRefusalBody<K> | ClaimCallErrorBody>>
  | { ok: false; status: number; returnCode: null; data: null };

/** An answer with data T, or a failure (of any call unless given). */
export type ClaimResponse<T, Failure = ClaimCallFailure<ClaimCallName>> =
  | { ok: true; data: T }
  | Failure;

/** What call K answers: its success answer, or one of its failures. */
export type ClaimCallResult<K extends ClaimCallName> = ClaimResponse<
  ClaimCallResponse<K>,
  ClaimCallFailure<K>
>;

/**
 * Whose token and reference a call carries: the claim being filed, or the claimant's tracking
 * check (decision 0055), kept apart so that following a claim never touches the one being filed.
 */
export type CallerSession = "claim" | "tracking";

/** The one source of the claim's reference number for every call: the tab's session. */
export function claimReference(caller: CallerSession = "claim"): string {
  if (caller === "tracking") return session.get("trackingCheck")?.webReferenceNumber ?? "";
  return session.get("webReferenceNumber") ?? "";
}

function tokenOf(caller: CallerSession): string | undefined {
  return caller === "tracking" ? session.get("trackingCheck")?.token : session.get("token");
}

export function claimCallUrl(call: ClaimCallName): string {
  return `${mountedSetting().apiBase}/claims${CLAIM_API_PATHS[call]}`;
}

/** The api key, the claim token when there is one, and an Idempotency-Key when given. */
export function claimCallHeaders(
  idempotencyKey?: string,
  caller: CallerSession = "claim",
): Record<string, string> {
  const widget = mountedSetting();
  // The language chosen now: the server sends the claim's SMS and e-mails in it (decision 0089).
  const headers: Record<string, string> = {
    [API_KEY_HEADER]: widget.apiKey,
    [LOCALE_HEADER]: session.get("locale") ?? widget.locale,
  };
  // The logged-in channels prove their user on every call (decision 0059).
  if (widget.channel !== "corporate-website" && widget.assertion) {
    headers[PORTAL_ASSERTION_HEADER] = widget.assertion;
  }
  const token = tokenOf(caller);
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  return headers;
}

/**
 * Sends a keyed call again while the server answers that its key is in flight (409): a first
 * attempt that reached a server which then died holds the key until its lease runs out, seconds
 * later (decision 0110), and the same key then runs the call or replays its answer. `onResend`
 * runs once, before the first repeat, so the claimant is told why the wait is long.
 */
export async function againWhileInFlight<T extends { status: number }>(
  send: () => Promise<T>,
  onResend?: () => void,
): Promise<T> {
  let answer = await send();
  for (const [repeat, pause] of IN_FLIGHT_RETRY_PAUSES_MS.entries()) {
    if (answer.status !== 409) break;
    if (repeat === 0) onResend?.();
    await new Promise((resolve) => setTimeout(resolve, pause));
    answer = await send();
  }
  return answer;
}

/** A solution may go stale while the address's rate climbs: a fresh challenge is solved, a few times. */
const CHALLENGE_TRIES = 3;

/** The solver is a lazy chunk: nothing of it loads for a claimant below the normal rate. */
async function answerChallenge(challenge: ProofOfWorkChallenge): Promise<string | null> {
  loading.beginCheck();
  try {
    const { solveChallenge } = await import("./challenge-solver.ts");
    return await solveChallenge(challenge);
  } catch {
    return null;
  } finally {
    loading.endCheck();
  }
}

export async function callClaimApi<K extends JsonClaimCall>(
  call: K,
  payload: ClaimCallPayload<K>,
  idempotencyKey?: string,
  /** background: no loading overlay (a draft saved while the claimant moves on). */
  /** headers: the call's own, e.g. the OTP calls' device key (decision 0062). */
  options: { background?: boolean; caller?: CallerSession; headers?: Record<string, string> } = {},
): Promise<ClaimCallResult<K>> {
  const widget = mountedSetting();
  // A call's own basicInformation (the final submit's claim type, cause of loss…) keeps its fields.
  const own: object | undefined = payload.basicInformation;
  const body: Record<string, unknown> = {
    ...payload,
    basicInformation: {
      ...own,
      companyName: widget.companyName,
      channelName: widget.channelName,
    },
  };
  const caller = options.caller ?? "claim";
  if (call !== "initClaimRequest" && call !== "initClaimTracking") {
    body.webReferenceNumber = payload.webReferenceNumber ?? claimReference(caller);
  }
  const agentCode = session.get("agentCode");
  if (widget.channel === "agent-assist" && agentCode) body.agentCode = agentCode;

  const headers = {
    "content-type": "application/json",
    ...options.headers,
    ...claimCallHeaders(idempotencyKey, caller),
  };

  if (!options.background) loading.begin();
  let resending = false;
  try {
    const post = async (extra: Record<string, string>) => {
      const response = await fetch(claimCallUrl(call), {
        method: "POST",
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      // The server's tests hold every answer to the call table (decision 0074).
      const data: ClaimCallAnswer<JsonClaimCall> | null = await response.json().catch(() => null);
      return { status: response.status, data };
    };
    let { status, data } = idempotencyKey
      ? await againWhileInFlight(
          () => post({}),
          () => {
            if (options.background) return;
            resending = true;
            loading.beginResend();
          },
        )
      : await post({});
    // Above its address's normal rate the server asks a proof of work: solve it, then repeat.
    for (let tries = 0; tries < CHALLENGE_TRIES && status === 429 && data?.challenge; tries++) {
      const solution = await answerChallenge(data.challenge);
      if (!solution) break;
      ({ status, data } = await post({ [CHALLENGE_HEADER]: solution }));
    }
    if (status === 200 && data && data.returnCode === RETURN_CODES.ok) {
      return { ok: true, data: data as ClaimCallResponse<K> };
    }
    // An answer without a returnCode is not the claim API's (a proxy's page): nothing to read in it.
    if (typeof data?.returnCode !== "string") {
      return { ok: false, status, returnCode: null, data: null };
    }
    // The claim went on on another device: this tab says so instead of any system error (0069).
    if (status === 401 && data.reason === CONTINUED_ELSEWHERE) {
      if (caller === "claim") systemError.continuedElsewhere(String(body.webReferenceNumber));
    }
    return { ok: false, status, returnCode: data.returnCode, data } as ClaimCallFailure<K>;
  } catch {
    return { ok: false, status: 0, returnCode: null, data: null };
  } finally {
    if (resending) loading.endResend();
    if (!options.background) loading.end();
  }
}

/** The common case: anything but success raises the system-error popup. */
export async function callClaimApiOrShowError<K extends JsonClaimCall>(
  call: K,
  payload: ClaimCallPayload<K>,
  caller: CallerSession = "claim",
): Promise<ClaimCallResponse<K> | null> {
  const response = await callClaimApi(call, payload, undefined, { caller });
  if (response.ok) return response.data;
  systemError.show();
  return null;
}
