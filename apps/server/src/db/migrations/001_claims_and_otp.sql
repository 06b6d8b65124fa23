-- The first slice: claims started on the public channel, their tokens, the OTP codes sent for them,
-- the rate-limit counters shared by every server, and the SMS outbox of the development provider.

CREATE TABLE claims (
  id uuid PRIMARY KEY,
  web_reference_number text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'draft',
  company_name text NOT NULL,
  channel_name text NOT NULL,
  mobile_number text,
  verified_mobile_number text,
  verified_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Tokens are kept only as SHA-256 hashes; expires_at is the absolute limit, last_used_at drives the idle one.
CREATE TABLE claim_tokens (
  token_hash text PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  rights text NOT NULL CHECK (rights IN ('unverified', 'otp-verified')),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX claim_tokens_claim_id ON claim_tokens (claim_id);

-- One row per send; the newest row with status 'sent' is the claim's live code.
CREATE TABLE otp_codes (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  mobile_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_guesses integer NOT NULL DEFAULT 0,
  used_at timestamptz
);

CREATE INDEX otp_codes_claim_seq ON otp_codes (claim_id, seq DESC);

-- Fixed-window counters; buckets are keyed hashes, never a mobile number or an address in clear.
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

CREATE TABLE sms_outbox (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  recipient text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX sms_outbox_recipient_seq ON sms_outbox (recipient, seq);
