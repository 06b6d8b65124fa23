// The e-mail provider contract (docs/decisions/0023-notification-outbox.md): send resolves once the
// provider accepted the message and rejects with EmailSendError otherwise; it never logs the message.

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The claim's company's From; the setting's when absent. */
  from?: string;
};

export interface EmailSender {
  readonly provider: string;
  send(message: EmailMessage): Promise<void>;
  /** Releases connections; the worker calls it when the server closes. */
  close?(): Promise<void>;
}

export class EmailSendError extends Error {
  override name = "EmailSendError";
  /** False when sending again cannot help (the server refused the recipient for good). */
  readonly retryable: boolean;

  /** The message must name no address and no content: it is stored as the notification's last error. */
  constructor(message: string, retryable = true) {
    super(message);
    this.retryable = retryable;
  }
}
