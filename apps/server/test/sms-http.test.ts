import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SYSTEM_ERROR } from "@kalinga/domain/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createHttpSmsSender } from "../src/sms/http-sms-sender.ts";
import { SmsSendError } from "../src/sms/sms-sender.ts";
import { useServerTest } from "./support/server-test.ts";
import {
  MOBILE,
  MOBILE_63,
  onDevice,
  requestCode,
  resendCode,
  startClaim,
  validateCode,
} from "./support/test-app.ts";

// The http SMS provider against a real local HTTP server playing the gateway.

type Received = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

let gateway: Server;
let gatewayUrl: string;
let received: Received[];
let answerStatus: number;
let answerDelayMs: number;

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      setTimeout(() => {
        response.writeHead(answerStatus, { "content-type": "application/json" });
        response.end(JSON.stringify({ accepted: answerStatus < 300 }));
      }, answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/sms`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

const server = useServerTest({
  env: () => ({
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: gatewayUrl,
    SMS_HTTP_TOKEN: "gateway-token-123",
    SMS_SENDER_NAME: "KALINGALIFE",
    SMS_HTTP_TIMEOUT_MS: "500",
  }),
});

beforeEach(() => {
  received = [];
  answerStatus = 202;
  answerDelayMs = 0;
});

describe("http SMS provider", () => {
  test("posts {to, from, message} as JSON with the bearer token", async () => {
    const claim = await startClaim(server.app);
    const response = await requestCode(server.app, claim);
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const [sms] = received;
    expect(sms?.method).toBe("POST");
    expect(sms?.url).toBe("/v1/sms");
    expect(sms?.headers.authorization).toBe("Bearer gateway-token-123");
    expect(sms?.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(sms?.body ?? "{}") as { to: string; from: string; message: string };
    expect(Object.keys(body).sort()).toEqual(["from", "message", "to"]);
    expect(body.to).toBe(MOBILE_63);
    // The claim's company names its sender (decision 0089); SMS_SENDER_NAME serves messages without one.
    expect(body.from).toBe("KalingaLife");
    expect(body.message).toMatch(
      /^Your Kalinga Life claim code is \d{6}\. It expires in 5 minutes\. Never share this code\.$/,
    );

    const code = body.message.match(/\d{6}/)?.[0] ?? "";
    expect((await validateCode(server.app, claim, code)).statusCode).toBe(200);
    // Nothing goes to the development outbox with a real provider.
    expect((await server.db.query("SELECT 1 FROM sms_outbox")).rows).toHaveLength(0);
  });

  test("a gateway answering 500 gives 502 with the system error, and the send is not counted", async () => {
    const claim = await startClaim(server.app);
    answerStatus = 500;
    const failed = await requestCode(server.app, claim);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ returnCode: "502", message: SYSTEM_ERROR });
    expect(received).toHaveLength(1);

    // No wait started, no send used, no live code.
    answerStatus = 202;
    expect((await validateCode(server.app, claim, "000000")).json()).toMatchObject({
      returnCode: "7",
    });
    const retried = await requestCode(server.app, claim);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ sendsLeft: 3 });
  });

  test("a failed SMS gives back every allowance of the number it took (decision 0062)", async () => {
    await server.restart({
      OTP_MOBILE_DAILY_LIMIT: "1",
      OTP_PROVEN_DEVICE_DAILY_LIMIT: "1",
      OTP_MOBILE_DAILY_CEILING: "2",
    });
    const phone = onDevice("owner-phone");
    const sendOn = async (device: { headers: Record<string, string> }) => {
      const claim = await startClaim(server.app);
      return { claim, response: await requestCode(server.app, claim, MOBILE, device) };
    };
    answerStatus = 500;
    expect((await sendOn(onDevice("stranger"))).response.statusCode).toBe(502);
    answerStatus = 202;
    const first = await sendOn(phone);
    expect(first.response.statusCode).toBe(200);
    const code = (JSON.parse(received.at(-1)?.body ?? "{}") as { message: string }).message.match(
      /\d{6}/,
    )?.[0];
    expect((await validateCode(server.app, first.claim, code ?? "", phone)).statusCode).toBe(200);
    answerStatus = 500;
    expect((await sendOn(phone)).response.statusCode).toBe(502);
    // The strangers' allowance, the phone's own and the ceiling: each failed send took none of them.
    answerStatus = 202;
    expect((await sendOn(phone)).response.statusCode).toBe(200);
    expect((await sendOn(phone)).response.statusCode).toBe(429);
  });

  test("a failed resend keeps the earlier code alive", async () => {
    const claim = await startClaim(server.app);
    await requestCode(server.app, claim);
    const first =
      (JSON.parse(received[0]?.body ?? "{}") as { message: string }).message.match(/\d{6}/)?.[0] ??
      "";
    server.clock.advance(120);
    answerStatus = 503;
    expect((await resendCode(server.app, claim)).statusCode).toBe(502);
    expect((await validateCode(server.app, claim, first)).statusCode).toBe(200);
  });

  test("a gateway slower than SMS_HTTP_TIMEOUT_MS is a failure", async () => {
    const claim = await startClaim(server.app);
    answerDelayMs = 1_500;
    const response = await requestCode(server.app, claim);
    expect(response.statusCode).toBe(502);
  });

  test("the adapter rejects with SmsSendError naming the status", async () => {
    answerStatus = 401;
    const sender = createHttpSmsSender({
      provider: "http",
      url: gatewayUrl,
      token: "t",
      senderName: "KALINGA",
      timeoutMs: 1000,
    });
    const error = await sender.send({ to: MOBILE_63, text: "hello" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).status).toBe(401);
  });

  test("an unreachable gateway is a failure too", async () => {
    const sender = createHttpSmsSender({
      provider: "http",
      url: "http://127.0.0.1:9/unreachable",
      token: "t",
      senderName: "KALINGA",
      timeoutMs: 1000,
    });
    await expect(sender.send({ to: MOBILE_63, text: "hello" })).rejects.toBeInstanceOf(
      SmsSendError,
    );
  });
});
