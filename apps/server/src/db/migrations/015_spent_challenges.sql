-- Proof-of-work challenges already answered (docs/decisions/0061): a solution is good once, until
-- its challenge expires; housekeeping deletes the rows after that.
CREATE TABLE spent_challenges (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX spent_challenges_expiry ON spent_challenges (expires_at);
