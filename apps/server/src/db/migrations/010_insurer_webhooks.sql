-- Webhooks to the insurer's core claims system (docs/decisions/0054): each claim event is turned
-- into one signed delivery through the notification outbox, with its retries. An event is marked
-- once its delivery is queued, so events that commit out of seq order are never skipped.

ALTER TABLE notifications DROP CONSTRAINT notifications_channel_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_channel_check
  CHECK (channel IN ('sms', 'email', 'webhook'));

ALTER TABLE claim_events ADD COLUMN webhook_queued_at timestamptz;

-- Events written before this migration are history, not news: they are not delivered.
UPDATE claim_events SET webhook_queued_at = created_at;

CREATE INDEX claim_events_webhook_due ON claim_events (seq) WHERE webhook_queued_at IS NULL;
