import { randomUUID } from "node:crypto";
import {
  API_KEY_HEADER,
  CLAIM_API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  UPLOAD_DOCUMENT_FIELDS,
} from "@kalinga/domain/claim-api";
import { IN_FLIGHT_RETRY_PAUSES_MS } from "@kalinga/domain/constants";
import { todayInManila } from "@kalinga/domain/dates";
import { ALL_DECLARATIONS_AGREED } from "@kalinga/domain/declarations";
import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import sharp from "sharp";
import type { SmsSink } from "./message-sinks.ts";
import { benchApiKey } from "./node-server.ts";

// One claimant's whole claim over HTTP, as the widget makes it: start, OTP sent and validated (the
// code read from the SMS gateway stand-in), a photo in every mandatory slot, submit. A call that
// fails (a server died under it) is made again, as the widget's retry does: uploads and the submit
// under the same Idempotency-Key, after the widget's pauses while the key is held by a request that
// died (409), until its lease runs out (decision 0110).

const basicInformation = { companyName: "Kalinga Life", channelName: "Corporate Website" };
const apiBase = "/api/claims";

/** The mandatory slots of the sample accident claim: the journey fills each. */
export const JOURNEY_SLOTS = mandatorySlotKeys(
  slotFactsOfPayload(accidentPayload, todayInManila()),
);

/** Small photos, one per slot (each a different picture), made once. */
export async function makePhotos(): Promise<Blob[]> {
  return Promise.all(
    JOURNEY_SLOTS.map(async (_, index) => {
      const bytes = await sharp({
        create: {
          width: 640,
          height: 480,
          channels: 3,
          background: { r: 40 * index, g: 90, b: 160 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer();
      return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
    }),
  );
}

export type JourneyDone = { webReferenceNumber: string; mobile: string; email: string };

class CallFailed extends Error {
  readonly status: number;
  constructor(status: number, text: string) {
    super(`HTTP ${status}: ${text.slice(0, 200)}`);
    this.status = status;
  }
}

export function journeyRunner(baseUrl: string, sms: SmsSink, photos: Blob[]) {
  async function post<T>(path: string, body: BodyInit, headers: Record<string, string>) {
    const response = await fetch(`${baseUrl}${apiBase}${path}`, {
      method: "POST",
      headers: { [API_KEY_HEADER]: benchApiKey, ...headers },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new CallFailed(response.status, text);
    return JSON.parse(text) as T;
  }
  const postJson = <T>(path: string, body: object, token?: string) =>
    post<T>(path, JSON.stringify(body), {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });

  /** Runs `call` up to three times, and again after each of the widget's pauses while it is 409. */
  async function again<T>(call: () => Promise<T>): Promise<T> {
    const inFlightPauses = [...IN_FLIGHT_RETRY_PAUSES_MS];
    for (let failures = 0; ; ) {
      try {
        return await call();
      } catch (error) {
        const held = error instanceof CallFailed && error.status === 409;
        const pause = held ? inFlightPauses.shift() : 200 * ++failures;
        if (pause === undefined || failures >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  async function codeFor(to: string, after: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const sent = sms.received.slice(after).filter((message) => message.to === to);
      const code = sent.at(-1)?.message.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no one-time PIN reached ${to}`);
  }

  async function verify(webReferenceNumber: string, token: string, mobile: string) {
    const before = sms.received.length;
    await postJson(
      CLAIM_API_PATHS.requestOneTimePIN,
      {
        basicInformation,
        webReferenceNumber,
        countryCode: "63",
        mobileNumber: mobile,
        firstName: "Jose",
      },
      token,
    );
    const oneTimePIN = await codeFor(`63${mobile}`, before);
    const validated = await postJson<{ token: string }>(
      CLAIM_API_PATHS.validateOneTimePIN,
      { basicInformation, webReferenceNumber, oneTimePIN },
      token,
    );
    return validated.token;
  }

  async function upload(webReferenceNumber: string, token: string, slot: number) {
    const key = randomUUID();
    await again(() => {
      const form = new FormData();
      form.append(UPLOAD_DOCUMENT_FIELDS.webReferenceNumber, webReferenceNumber);
      form.append(UPLOAD_DOCUMENT_FIELDS.slotKey, JOURNEY_SLOTS[slot] ?? "");
      form.append(UPLOAD_DOCUMENT_FIELDS.file, photos[slot] ?? new Blob(), `slot-${slot}.jpg`);
      return post(CLAIM_API_PATHS.uploadDocument, form, {
        authorization: `Bearer ${token}`,
        [IDEMPOTENCY_KEY_HEADER]: key,
      });
    });
  }

  /** One claimant's claim from start to submit; `index` makes its mobile number and e-mail its own. */
  return async function journey(index: number): Promise<JourneyDone> {
    const mobile = `9${String(100_000_000 + index).slice(-9)}`;
    const email = `claimant.${index}@bench.invalid`;
    const started = await again(() =>
      postJson<{ webReferenceNumber: string; token: string }>(CLAIM_API_PATHS.initClaimRequest, {
        basicInformation,
      }),
    );
    const { webReferenceNumber } = started;
    const token = await again(() => verify(webReferenceNumber, started.token, mobile));
    for (let slot = 0; slot < JOURNEY_SLOTS.length; slot++)
      await upload(webReferenceNumber, token, slot);
    const body = {
      ...accidentPayload,
      webReferenceNumber,
      basicInformation: { ...accidentPayload.basicInformation, ...basicInformation },
      insuredInformation: {
        ...accidentPayload.insuredInformation,
        phoneNumber: mobile,
        emailAddress: email,
      },
      declarations: ALL_DECLARATIONS_AGREED,
    };
    const key = randomUUID();
    await again(() =>
      post(CLAIM_API_PATHS.finalSubmitClaim, JSON.stringify(body), {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        [IDEMPOTENCY_KEY_HEADER]: key,
      }),
    );
    return { webReferenceNumber, mobile, email };
  };
}
