import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import {
  type ReceivedMail,
  type SmtpStandIn,
  type SmtpStandInOptions,
  startSmtpStandIn,
} from "../../../../scripts/smtp-stand-in.ts";
import type { SmtpEmailConfig } from "../../src/email/smtp-email-sender.ts";
import { testConfig } from "./test-app.ts";

// A real SMTP server (smtp-server) on a random local port, with authentication, for the tests of
// the e-mail adapter and the notification worker; and the messages it got, parsed.

export const SMTP_USER = "kalinga-mailer";
export const SMTP_PASS = "mailer-password-123";
export const FROM = "Kalinga Life Claims <claims@kalinga-life.example>";

export type Received = ReceivedMail;

export type MailServer = SmtpStandIn;

/** A real SMTP server that requires a login, keeps every message, and can be told to refuse. */
export function startMailServer(
  options: {
    port?: number;
    onData?: SmtpStandInOptions["onData"];
    onRcptTo?: SmtpStandInOptions["onRcptTo"];
  } = {},
): Promise<MailServer> {
  return startSmtpStandIn({ user: SMTP_USER, password: SMTP_PASS, ...options });
}

/** A port nobody listens on (a mail server that is down). */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ParsedMessage = { headers: Record<string, string>; text: string; html: string };

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Enough MIME for nodemailer's output: headers, multipart/alternative, QP and base64 parts. */
export function parseMessage(raw: string): ParsedMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = headers["content-type"] ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      // The line break before a boundary belongs to the boundary (RFC 2046).
      .map((part) => parseMessage(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
    return {
      headers,
      text:
        parts.find((part) => part.headers["content-type"]?.startsWith("text/plain"))?.text ?? "",
      html: parts.find((part) => part.headers["content-type"]?.startsWith("text/html"))?.html ?? "",
    };
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  const content = decoded.replace(/\r\n/g, "\n");
  return type.startsWith("text/html")
    ? { headers, text: "", html: content }
    : { headers, text: content, html: "" };
}

export function smtpConfig(port: number, extra: Record<string, string> = {}): SmtpEmailConfig {
  const { email } = testConfig({
    EMAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    EMAIL_FROM: FROM,
    SMTP_TIMEOUT_MS: "2000",
    ...extra,
  });
  if (email.provider !== "smtp") throw new Error("expected the smtp provider");
  return email;
}
