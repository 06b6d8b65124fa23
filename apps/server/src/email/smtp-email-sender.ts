import { createTransport } from "nodemailer";
import type { EmailConfig } from "../config/notification-config.ts";
import { type EmailMessage, EmailSendError, type EmailSender } from "./email-sender.ts";

// E-mail over SMTP with nodemailer: one connection per message (acknowledgments are few), bounded
// by SMTP_TIMEOUT_MS at every stage. Failures become EmailSendError with a reason built from the
// error code and the SMTP reply code only: nodemailer's own messages can quote the recipient.

export type SmtpEmailConfig = Extract<EmailConfig, { provider: "smtp" }>;

type NodemailerError = {
  code?: unknown;
  originalCode?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
};

const ERROR_CODE = /^E[A-Z]{1,20}$/;

/** A reason safe to store and log: "SMTP ESOCKET ECONNREFUSED", "SMTP EENVELOPE 550". */
function smtpFailureReason(error: unknown): { reason: string; retryable: boolean } {
  const { code, originalCode, responseCode, permanent } = (error ?? {}) as NodemailerError;
  const name = typeof code === "string" && ERROR_CODE.test(code) ? code : "error";
  const cause =
    typeof originalCode === "string" && ERROR_CODE.test(originalCode) ? ` ${originalCode}` : "";
  const reply = typeof responseCode === "number" ? ` ${responseCode}` : "";
  // A refused recipient or message stays refused; a refused login may be fixed by configuration.
  const refusedForGood = permanent === true && (name === "EENVELOPE" || name === "EMESSAGE");
  return { reason: `SMTP ${name}${cause}${reply}`, retryable: !refusedForGood };
}

export function createSmtpEmailSender(config: SmtpEmailConfig): EmailSender {
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    requireTLS: config.requireTls,
    ...(config.user !== null ? { auth: { user: config.user, pass: config.pass ?? "" } } : {}),
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
    dnsTimeout: config.timeoutMs,
    logger: false,
    debug: false,
  });
  return {
    provider: "smtp",
    async send(message: EmailMessage) {
      try {
        await transport.sendMail({
          from: message.from ?? config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
        });
      } catch (error) {
        const { reason, retryable } = smtpFailureReason(error);
        throw new EmailSendError(reason, retryable);
      }
    },
    async close() {
      transport.close();
    },
  };
}
