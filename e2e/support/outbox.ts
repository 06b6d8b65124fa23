import type { APIRequestContext } from "@playwright/test";

/** One SMS kept by the server's outbox provider (GET /api/dev/outbox, never in production). */
export type OutboxMessage = { to: string; text: string; createdAt: string };

// The outbox response shape lives here alone; adjust these two functions if the server changes it.
function messagesOf(body: unknown): OutboxMessage[] {
  const messages = (body as { messages?: unknown }).messages;
  return Array.isArray(messages) ? (messages as OutboxMessage[]) : [];
}
function newestOf(messages: OutboxMessage[]): OutboxMessage | undefined {
  return messages.at(-1);
}

const otpPattern = /\b(\d{6})\b/;

/**
 * Waits for an SMS to `mobile63` (the number with its 63 country code, e.g. "639171234567") and
 * returns the 6-digit one-time PIN of the newest one. Pass `after` (messages already seen) to wait
 * for a resent code instead of the first one.
 */
export async function readOtpFromOutbox(
  request: APIRequestContext,
  mobile63: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const { after = 0, timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  let lastSeen = "no response yet";
  while (Date.now() < deadline) {
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(mobile63)}`);
    if (response.ok()) {
      const messages = messagesOf(await response.json());
      const newest = messages.length > after ? newestOf(messages) : undefined;
      const code = newest?.text.match(otpPattern)?.[1];
      if (code !== undefined) return code;
      lastSeen = newest
        ? `newest message has no 6-digit code: ${JSON.stringify(newest.text)}`
        : `${messages.length} message(s)`;
    } else {
      lastSeen = `HTTP ${response.status()}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `No one-time PIN for ${mobile63} in the outbox within ${timeoutMs} ms (${lastSeen})`,
  );
}

/** How many SMS the outbox holds for `mobile63`; use as `after` before asking for a resend. */
export async function countOutboxMessages(
  request: APIRequestContext,
  mobile63: string,
): Promise<number> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(mobile63)}`);
  if (!response.ok()) throw new Error(`GET /api/dev/outbox answered HTTP ${response.status()}`);
  return messagesOf(await response.json()).length;
}

/** Every SMS the outbox holds for `mobile63`, oldest first. */
export async function smsTo(
  request: APIRequestContext,
  mobile63: string,
): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(mobile63)}`);
  return messagesOf(await response.json());
}

/** One e-mail kept by the server's e-mail outbox (GET /api/dev/email-outbox, never in production). */
export type OutboxEmail = { subject?: string; text: string };

/** Every e-mail the e-mail outbox holds for this address, oldest first. */
export async function emailsTo(request: APIRequestContext, email: string): Promise<OutboxEmail[]> {
  const response = await request.get(`/api/dev/email-outbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxEmail[] }).messages;
}
