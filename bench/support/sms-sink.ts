import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An SMS gateway on loopback for the benchmarks: it takes the HTTP provider's JSON POST
 * ({to, from, message}), answers 200 at once and keeps the last 6-digit code sent to each number.
 */
export type SmsSink = {
  url: string;
  /** The last code sent to a number (its digits with the country code), if any. */
  codeFor: (to: string) => string | undefined;
  /** Forgets a number's code once it is used. */
  forget: (to: string) => void;
  close: () => Promise<void>;
};

export async function startSmsSink(): Promise<SmsSink> {
  const codes = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        const { to, message } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          to?: string;
          message?: string;
        };
        const code = message?.match(/\b(\d{6})\b/)?.[1];
        if (to && code) codes.set(to.replace(/\D/g, ""), code);
      } catch {
        // A body that is not JSON keeps no code.
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"status":"queued"}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    codeFor: (to) => codes.get(to.replace(/\D/g, "")),
    forget: (to) => codes.delete(to.replace(/\D/g, "")),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
