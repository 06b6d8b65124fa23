// The SMS provider contract (docs/decisions/0014-sms-provider-contract.md): send resolves once the
// provider accepted the message and rejects with SmsSendError otherwise; it never logs the text.

type SmsMessage = {
  /** International form without "+", e.g. "639171234567". */
  to: string;
  text: string;
  /** The claim's company's sender name; the setting's when absent. */
  from?: string;
};

export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  override name = "SmsSendError";
  /** The provider's HTTP status, when it answered. */
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}
