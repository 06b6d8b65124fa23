import type { SmsConfig } from "../config/notification-config.ts";
import { SmsSendError, type SmsSender } from "./sms-sender.ts";

// A gateway reached over HTTP: JSON POST {to, from, message} with a bearer token. Any answer
// outside 2xx, a network error or the timeout is a failure; the caller then counts nothing.

type HttpSmsConfig = Extract<SmsConfig, { provider: "http" }>;

export function createHttpSmsSender(config: HttpSmsConfig): SmsSender {
  return {
    provider: "http",
    async send(message) {
      let response: Response;
      try {
        response = await fetch(config.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            authorization: `Bearer ${config.token}`,
          },
          body: JSON.stringify({
            to: message.to,
            from: message.from ?? config.senderName,
            message: message.text,
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
        throw new SmsSendError(`SMS provider ${reason}`);
      }
      // Drain the body so the connection can be reused; its content is not needed.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new SmsSendError(`SMS provider answered ${response.status}`, response.status);
      }
    },
  };
}
