-- docs/decisions/0064. The audit log names the integration key that read a claim (its name, never
-- the key), beside the staff member who did; and the console's and the integration API's changes
-- honour an Idempotency-Key per caller (a staff account or a key), not per claim, since some of
-- them (a new staff account, policy records) belong to no claim.

ALTER TABLE staff_audit_log ADD COLUMN integration_key text;

CREATE TABLE caller_idempotency_keys (
  -- "staff:<account id>" or "integration:<key name>".
  caller text NOT NULL,
  key text NOT NULL,
  -- SHA-256 of the route, its parameters and its body.
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('in-flight', 'done')),
  response_status integer,
  response_body text,
  response_type text,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (caller, key),
  CHECK ((status = 'done') = (response_body IS NOT NULL))
);

CREATE INDEX caller_idempotency_keys_created ON caller_idempotency_keys (created_at);
