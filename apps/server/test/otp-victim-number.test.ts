import { accidentPayload } from "@kalinga/domain/fixtures/claim-fixtures";
import { mandatorySlotKeys, slotFactsOfPayload } from "@kalinga/domain/upload-slots";
import type { FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import { sweepExpiredRows } from "../src/housekeeping/expired-rows.ts";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { submitBodyOf, TODAY } from "./support/claim-payloads.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  basicInformation,
  callClaim,
  latestCode,
  MOBILE,
  MOBILE_63,
  onDevice,
  outbox,
  requestCode,
  requestTrackingCode,
  resendCode,
  type StartedClaim,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// A victim's number (decision 0062): a stranger who knows a mobile number runs throwaway claims on
// devices of their own to use up the sends to it. The exhausted-sends lock binds the stranger's
// claims and devices; their sends share the number's strangers' allowance; the owner's device, which
// once entered a right code for the number, has an allowance of its own and still gets its code.

const server = useServerTest();

type Device = { headers: Record<string, string> };

/** Sends codes for `mobile` on a new claim until refused; the answers' status codes. */
async function useUpSends(app: FastifyInstance, mobile: string, device: Device, address: string) {
  const options = { ...device, remoteAddress: address };
  const claim = await startClaim(app, { remoteAddress: address });
  const statuses = [(await requestCode(app, claim, mobile, options)).statusCode];
  while (statuses.at(-1) === 200) {
    server.clock.advance(120);
    statuses.push((await resendCode(app, claim, options)).statusCode);
  }
  return statuses;
}

/** The owner enters the newest code on their device: the token that files the claim. */
async function verify(claim: StartedClaim, device: Device): Promise<StartedClaim> {
  const validated = await validateCode(server.app, claim, await latestCode(server.app), device);
  expect(validated.statusCode).toBe(200);
  return { ...claim, token: (validated.json() as { token: string }).token };
}

/** Files the verified claim as the widget does: a photo in each mandatory slot, then the submit. */
async function file(claim: StartedClaim) {
  const bytes = await samplePhoto();
  for (const slotKey of mandatorySlotKeys(slotFactsOfPayload(accidentPayload, TODAY))) {
    expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
  }
  return callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim), { token: claim.token });
}

/** Seconds from the test clock to the next midnight in Manila (UTC+8). */
function secondsToManilaMidnight(): number {
  const manila = server.clock.now().getTime() + 8 * 3600 * 1000;
  const day = 24 * 3600 * 1000;
  return Math.ceil((Math.ceil(manila / day) * day - manila) / 1000);
}

const ownerPhone = onDevice("owner-phone");

describe("a stranger's sends to a victim's number", () => {
  test("throwaway claims on other devices use up the strangers' allowance; the owner still receives a code and files", async () => {
    // Weeks before, the owner checked a claim's status from their phone: it entered a right code.
    const check = (
      await callClaim(server.app, "initClaimTracking", { basicInformation })
    ).json() as StartedClaim;
    const trackingSend = await requestTrackingCode(server.app, check, MOBILE, ownerPhone);
    expect(trackingSend.statusCode).toBe(200);
    await verify(check, ownerPhone);
    server.clock.advance(30 * 24 * 3600);
    const before = (await outbox(server.app)).length;

    // The stranger: one throwaway claim per device, each from its own address, every send used.
    const strangerStatuses: number[][] = [];
    for (let device = 1; device <= 4; device++) {
      strangerStatuses.push(
        await useUpSends(server.app, MOBILE, onDevice(`stranger-${device}`), `203.0.113.${device}`),
      );
    }
    // 4 + 4 + 2 sends: the strangers' allowance (OTP_MOBILE_DAILY_LIMIT, 10) is used, then 429.
    expect(strangerStatuses).toEqual([
      [200, 200, 200, 200, 417],
      [200, 200, 200, 200, 417],
      [200, 200, 429],
      [429],
    ]);
    // Without a device key the stranger is a stranger too.
    const headless = await startClaim(server.app);
    expect((await requestCode(server.app, headless, MOBILE)).json()).toMatchObject({
      returnCode: "6",
    });
    expect((await outbox(server.app)).length - before).toBe(10);

    // The owner, on their phone, the same Manila day: a code arrives, is entered, and the claim is filed.
    const claim = await startClaim(server.app);
    const sent = await requestCode(server.app, claim, MOBILE, ownerPhone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ returnCode: "0", sendsLeft: 3, resendAvailableInSeconds: 120 });
    expect((await outbox(server.app)).at(-1)?.to).toBe(MOBILE_63);
    expect((await outbox(server.app)).length - before).toBe(11);
    // A resend works too: the owner's allowance is the owner's.
    server.clock.advance(120);
    expect((await resendCode(server.app, claim, ownerPhone)).statusCode).toBe(200);
    const verified = await verify(claim, ownerPhone);
    const filed = await file(verified);
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toMatchObject({ returnCode: "0" });
  });

  test("the stranger's exhausted sends lock the stranger's device, not the owner's", async () => {
    // Four unvalidated sends from the stranger's device: that device gets no code for the number.
    expect(await useUpSends(server.app, MOBILE, onDevice("stranger"), "203.0.113.9")).toEqual([
      200, 200, 200, 200, 417,
    ]);
    const retry = await startClaim(server.app);
    expect(
      (await requestCode(server.app, retry, MOBILE, onDevice("stranger"))).json(),
    ).toMatchObject({ returnCode: "5", sendsLeft: 0 });

    // The owner, who never filed before, on their own phone: not locked, a code comes and works.
    const claim = await startClaim(server.app);
    expect((await requestCode(server.app, claim, MOBILE, ownerPhone)).statusCode).toBe(200);
    expect((await file(await verify(claim, ownerPhone))).statusCode).toBe(200);
  });

  test("what the strangers' allowance costs: a device that never proved the number waits for Manila midnight", async () => {
    for (let device = 1; device <= 3; device++) {
      await useUpSends(server.app, MOBILE, onDevice(`stranger-${device}`), `203.0.113.${device}`);
    }
    const newPhone = onDevice("first-time-owner");
    const claim = await startClaim(server.app);
    const wait = secondsToManilaMidnight();
    const refused = await requestCode(server.app, claim, MOBILE, newPhone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ returnCode: "6", retryAfterSeconds: wait });
    expect(refused.headers["retry-after"]).toBe(String(wait));

    // The claim's token has gone idle by then: the owner starts again after midnight.
    server.clock.advance(wait);
    const tomorrow = await startClaim(server.app);
    expect((await requestCode(server.app, tomorrow, MOBILE, newPhone)).statusCode).toBe(200);
    await verify(tomorrow, newPhone);
    // From now on this phone has the owner's own allowance.
    for (let device = 4; device <= 6; device++) {
      await useUpSends(server.app, MOBILE, onDevice(`stranger-${device}`), `203.0.113.${device}`);
    }
    const next = await startClaim(server.app);
    expect((await requestCode(server.app, next, MOBILE, newPhone)).statusCode).toBe(200);
  });
});

describe("the SMS a number can receive stays bounded", () => {
  test("strangers' sends stop at the strangers' allowance, however many devices and addresses", async () => {
    let sent = 0;
    for (let device = 1; device <= 12; device++) {
      const statuses = await useUpSends(
        server.app,
        MOBILE,
        onDevice(`flood-${device}`),
        `198.51.100.${device}`,
      );
      sent += statuses.filter((status) => status === 200).length;
    }
    expect(sent).toBe(10);
    expect(await outbox(server.app)).toHaveLength(10);
    // The next Manila day the allowance is whole again: at most 10 strangers' SMS a day.
    server.clock.advance(secondsToManilaMidnight());
    expect(await useUpSends(server.app, MOBILE, onDevice("flood-13"), "198.51.100.13")).toEqual([
      200, 200, 200, 200, 417,
    ]);
  });

  test("a proven device has its own daily allowance, and every send to the number stops at the ceiling", async () => {
    await server.restart({
      OTP_MOBILE_DAILY_LIMIT: "2",
      OTP_PROVEN_DEVICE_DAILY_LIMIT: "2",
      OTP_MOBILE_DAILY_CEILING: "5",
    });
    const tablet = onDevice("owner-tablet");
    // The owner proves the number on the phone and on the tablet (2 sends of the strangers' allowance).
    for (const device of [ownerPhone, tablet]) {
      const claim = await startClaim(server.app);
      expect((await requestCode(server.app, claim, MOBILE, device)).statusCode).toBe(200);
      await verify(claim, device);
    }
    server.clock.advance(secondsToManilaMidnight());

    const sendOn = async (device: Device) => {
      const claim = await startClaim(server.app);
      return (await requestCode(server.app, claim, MOBILE, device)).statusCode;
    };
    expect([await sendOn(onDevice("s1")), await sendOn(onDevice("s2"))]).toEqual([200, 200]);
    expect(await sendOn(onDevice("s3"))).toBe(429);
    // The phone's own allowance: 2 a day.
    expect([await sendOn(ownerPhone), await sendOn(ownerPhone), await sendOn(ownerPhone)]).toEqual([
      200, 200, 429,
    ]);
    // The tablet has its own too, but the ceiling (5 a day to the number) comes first.
    expect([await sendOn(tablet), await sendOn(tablet)]).toEqual([200, 429]);
    const today = (await outbox(server.app)).filter(
      (message) => new Date(message.createdAt) >= new Date("2026-03-02T16:00:00.000Z"),
    );
    expect(today).toHaveLength(5);
  });

  test("a flood that fills the hourly SMS ceiling from many addresses still leaves the owner's proven device its code", async () => {
    await server.restart({ OTP_SEND_HOURLY_LIMIT: "3" });
    const claim = await startClaim(server.app);
    expect((await requestCode(server.app, claim, MOBILE, ownerPhone)).statusCode).toBe(200);
    await verify(claim, ownerPhone);
    server.clock.advance(secondsToManilaMidnight());

    // Strangers' sends to numbers of their own fill the hour's SMS.
    const flood: number[] = [];
    for (let send = 0; send < 4; send++) {
      const address = { remoteAddress: `198.51.100.${send}` };
      const thrown = await startClaim(server.app, address);
      const answer = await requestCode(server.app, thrown, `91700001${send}0`, {
        ...onDevice(`flooder-${send}`),
        ...address,
      });
      flood.push(answer.statusCode);
    }
    expect(flood).toEqual([200, 200, 200, 429]);
    // A first-time device waits for the hour; the owner's proven phone does not.
    const firstTime = await startClaim(server.app);
    expect(
      (await requestCode(server.app, firstTime, MOBILE, onDevice("new-phone"))).statusCode,
    ).toBe(429);
    const owner = await startClaim(server.app);
    expect((await requestCode(server.app, owner, MOBILE, ownerPhone)).statusCode).toBe(200);
  });

  test("a device's proof is kept OTP_PROVEN_DEVICE_DAYS, then swept", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim, MOBILE, ownerPhone);
    await verify(claim, ownerPhone);
    const proofs = async () => (await server.db.query("SELECT 1 FROM otp_devices")).rows.length;
    const day = 86_400_000;
    const at = (days: number) => new Date(server.clock.now().getTime() + days * day);
    await sweepExpiredRows(server.db, at(364), 365);
    expect(await proofs()).toBe(1);
    await sweepExpiredRows(server.db, at(366), 365);
    expect(await proofs()).toBe(0);
  });

  test("only a keyed hash of the device key is stored", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim, MOBILE, ownerPhone);
    await verify(claim, ownerPhone);
    const key = ownerPhone.headers["x-kalinga-device"] ?? "";
    const { rows } = await server.db.query<{ device_hash: string }>(
      "SELECT device_hash FROM otp_codes UNION ALL SELECT device_hash FROM otp_devices",
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.device_hash).toMatch(/^device:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key);
  });
});
