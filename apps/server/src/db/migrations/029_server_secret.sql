-- Servers sharing a database must share KALINGA_SECRET (decision 0101): one row, written by the
-- first server to start, holds an HMAC of the secret (never the secret nor a plain hash of it);
-- every later server compares its own and refuses to start on a difference.
CREATE TABLE server_secret (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  fingerprint text NOT NULL,
  written_at timestamptz NOT NULL
);
