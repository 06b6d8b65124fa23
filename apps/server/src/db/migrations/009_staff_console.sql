-- The claims-staff console (docs/decisions/0053): staff accounts with a password and a TOTP second
-- factor, server-side sessions, claim assignment and notes, and an audit log of every view and change
-- that the application can add to but never edit.

CREATE TABLE staff_users (
  id uuid PRIMARY KEY,
  -- Lower-cased; the sign-in name.
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('examiner', 'supervisor', 'administrator')),
  -- Argon2id, PHC string.
  password_hash text NOT NULL,
  -- The TOTP secret, sealed with the server's secret; made at the first sign-in, and confirmed
  -- once the first code from it was right.
  totp_secret text,
  totp_confirmed_at timestamptz,
  -- The last accepted TOTP time step: a code is good once.
  last_totp_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES staff_users (id)
);

CREATE TABLE staff_sessions (
  -- SHA-256 of the cookie's value: the database never holds a usable session.
  id_hash text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  -- Null while only the password was given.
  second_factor_at timestamptz,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE INDEX staff_sessions_expiry ON staff_sessions (expires_at);

CREATE TABLE staff_audit_log (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  staff_id uuid,
  staff_email text,
  -- claim.view, claim.document.view, claim.status, staff.create, session.sign-in, …
  action text NOT NULL,
  web_reference_number text,
  -- What was done, never the claimant's personal data.
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE INDEX staff_audit_log_claim ON staff_audit_log (web_reference_number, seq);

-- One line: the migration runner splits statements at semicolons that end a line.
CREATE FUNCTION staff_audit_log_is_append_only() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'staff_audit_log is append-only'; END $$ LANGUAGE plpgsql;

CREATE TRIGGER staff_audit_log_append_only
  BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_is_append_only();

ALTER TABLE claims ADD COLUMN assigned_to uuid REFERENCES staff_users (id);
CREATE INDEX claims_assigned_to ON claims (assigned_to) WHERE submitted_at IS NOT NULL;

CREATE TABLE claim_notes (
  id uuid PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff_users (id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX claim_notes_claim ON claim_notes (claim_id, created_at);

-- Assignment is a change of the claim too, so it is an event like the others.
ALTER TABLE claim_events DROP CONSTRAINT claim_events_kind_check;
ALTER TABLE claim_events ADD CONSTRAINT claim_events_kind_check
  CHECK (kind IN ('status', 'requirements', 'requirement', 'decision', 'policy-match', 'assignment'));
