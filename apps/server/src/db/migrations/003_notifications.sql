-- Notifications to claimants (SMS and e-mail) go through this outbox: written in the same
-- transaction as the change that causes them, then sent by a worker with retries.

CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  claim_id uuid REFERENCES claims (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  html text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  -- While 'sending': past this time the sender is presumed dead and the row is taken again.
  locked_until timestamptz,
  -- A reason such as "SMTP 451" or "unreachable"; never a recipient or message text.
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);

CREATE INDEX notifications_due ON notifications (next_attempt_at, seq) WHERE status = 'pending';

CREATE INDEX notifications_sending ON notifications (locked_until) WHERE status = 'sending';

CREATE INDEX notifications_claim_id ON notifications (claim_id);

CREATE TABLE email_outbox (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  recipient text NOT NULL,
  sender text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  html text,
  created_at timestamptz NOT NULL
);

CREATE INDEX email_outbox_recipient_seq ON email_outbox (recipient, seq);
