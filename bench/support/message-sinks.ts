import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";

// Stand-ins for the SMS gateway and the mail server the servers send through, for the benchmarks:
// each keeps what it received, so a benchmark reads the one-time PINs and counts every message a
// claimant got. A message counts when it arrives, as a real gateway would deliver it then.

export type SmsSink = {
  url: string;
  /** Every SMS received, in order. */
  received: { to: string; message: string }[];
  close: () => Promise<void>;
};

/** An HTTP gateway taking {to, from, message}, answering after `delayMs` as a remote one would. */
export async function startSmsSink(delayMs: number): Promise<SmsSink> {
  const received: SmsSink["received"] = [];
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const sms = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SmsSink["received"][0];
      received.push({ to: sms.to, message: sms.message });
      setTimeout(() => response.writeHead(202).end("{}"), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MailSink = {
  port: number;
  /** The recipients of every message received, one entry per message. */
  received: string[][];
  /** Messages whose data came in but whose acceptance is withheld (see `holding`). */
  held: () => number;
  close: () => Promise<void>;
};

/**
 * The least of an SMTP server: no TLS, no login; it takes every message. While `holding()` says so
 * it withholds its "250" to each message's data: the message is not accepted, as SMTP has it, until
 * that answer, so one whose sender dies first is dropped (a server that stalls mid-send).
 */
export async function startMailSink(holding: () => boolean = () => false): Promise<MailSink> {
  const received: string[][] = [];
  let held = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let buffer = "";
    let inData = false;
    let recipients: string[] = [];
    socket.write("220 bench-mail ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          if (holding()) {
            held++;
            return;
          }
          received.push(recipients);
          recipients = [];
          socket.write("250 queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-bench-mail\r\n250 8BITMIME\r\n");
        else if (verb === "RCPT") {
          recipients.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, "$1"));
          socket.write("250 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    held: () => held,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
