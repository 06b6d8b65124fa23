import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { CLAIM_RECORD_STATUS } from "@kalinga/domain/claim-record-status";
import { afterAll, beforeAll, expect, test } from "vitest";
import { samplePhoto, uploadDocument } from "./support/claim-documents.ts";
import { ACCIDENT_MANDATORY_SLOTS, submitBodyOf } from "./support/claim-payloads.ts";
import { useServerTest } from "./support/server-test.ts";
import { callClaim, MOBILE, requestCode, startClaim, validateCode } from "./support/test-app.ts";

// An SMS still with the gateway when the claim is submitted: its number must not replace the
// number the submitted claim went out with. A local HTTP server stands in for the SMS gateway and
// holds one answer back until the submit has landed.

const NEW_MOBILE = "9189876543";

type GatewayMessage = { to: string; message: string };

let gateway: Server;
let gatewayPort = 0;
const received: GatewayMessage[] = [];
let holdNext = false;
let release: (() => void) | null = null;

function answer(request: IncomingMessage, response: ServerResponse) {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    received.push(JSON.parse(body) as GatewayMessage);
    const reply = () => response.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (!holdNext) return reply();
    holdNext = false;
    release = reply;
  });
}

function codeSentTo(mobile: string): string {
  const text = received.filter((item) => item.to === `63${mobile}`).at(-1)?.message ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

beforeAll(async () => {
  gateway = createServer(answer);
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const address = gateway.address();
  gatewayPort = typeof address === "object" && address ? address.port : 0;
});

afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

const server = useServerTest({
  scope: "file",
  documentsDir: true,
  env: () => ({
    NOTIFICATION_POLL_MS: "60000",
    SMS_PROVIDER: "http",
    SMS_HTTP_URL: `http://127.0.0.1:${gatewayPort}/sms`,
    SMS_HTTP_TOKEN: "gateway-token",
  }),
});

test("a code sent while the claim was submitted leaves the submitted claim's number as it was", async () => {
  const started = await startClaim(server.app);
  expect((await requestCode(server.app, started)).statusCode).toBe(200);
  const validated = await validateCode(server.app, started, codeSentTo(MOBILE));
  expect(validated.statusCode).toBe(200);
  const claim = { ...started, token: (validated.json() as { token: string }).token };
  const bytes = await samplePhoto();
  for (const slotKey of ACCIDENT_MANDATORY_SLOTS) {
    expect((await uploadDocument(server.app, claim, { slotKey, bytes })).statusCode).toBe(200);
  }
  server.clock.advance(120);

  // The new number's SMS reaches the gateway, which answers only after the submit.
  holdNext = true;
  const sending = requestCode(server.app, claim, NEW_MOBILE);
  await expect.poll(() => release !== null, { timeout: 5000 }).toBe(true);
  const submitted = await callClaim(server.app, "finalSubmitClaim", submitBodyOf(claim), {
    token: claim.token,
  });
  expect(submitted.statusCode).toBe(200);
  release?.();
  await sending;

  const { rows } = await server.db.query<{ status: string; mobile_number: string }>(
    "SELECT status, mobile_number FROM claims",
  );
  expect(rows).toEqual([{ status: CLAIM_RECORD_STATUS.submitted, mobile_number: MOBILE }]);
  // The two codes, in order; the claim's acknowledgment SMS may follow them.
  expect(received.slice(0, 2).map((item) => item.to)).toEqual([`63${MOBILE}`, `63${NEW_MOBILE}`]);
});
