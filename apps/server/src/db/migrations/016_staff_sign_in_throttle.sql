-- Staff sign-in throttling (docs/decisions/0063): growing delays per account and address instead of
-- a lock any stranger could set. The lock columns of 009 go.

CREATE TABLE staff_sign_in_throttle (
  -- HMAC of the typed e-mail (known or not, so both answer alike) and of the client address.
  account_key text NOT NULL,
  address_key text NOT NULL,
  -- Tries in a row from this address not yet followed by a whole sign-in (password and code).
  failures integer NOT NULL,
  -- No try from this address at this account before this time.
  next_try_at timestamptz NOT NULL,
  last_try_at timestamptz NOT NULL,
  PRIMARY KEY (account_key, address_key)
);

CREATE INDEX staff_sign_in_throttle_last_try ON staff_sign_in_throttle (last_try_at);

ALTER TABLE staff_users DROP COLUMN failed_attempts;
ALTER TABLE staff_users DROP COLUMN locked_until;
