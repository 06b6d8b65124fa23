-- The insurer's companies as configuration data (decision 0083): one row per company, its whole
-- configuration as JSON, checked as a set before each write; version counts the changes so an edit
-- made on a stale copy is refused, and every server re-reads the table within a minute.
CREATE TABLE companies (
  id text PRIMARY KEY,
  config jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);
