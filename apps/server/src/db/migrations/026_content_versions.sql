-- The insurer's edits of the widget's words (decision 0090), per company, channel and locale: one
-- draft being edited, and each published version kept with its number so any can be published again.
-- The texts are overrides "<feature>.<key>" → text over the shipped English and locale file.
CREATE TABLE content_drafts (
  company text NOT NULL,
  channel text NOT NULL,
  locale text NOT NULL,
  texts jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  PRIMARY KEY (company, channel, locale)
);
CREATE TABLE content_versions (
  company text NOT NULL,
  channel text NOT NULL,
  locale text NOT NULL,
  number integer NOT NULL CHECK (number > 0),
  texts jsonb NOT NULL,
  created_by text NOT NULL,
  published_at timestamptz NOT NULL,
  published_by text NOT NULL,
  rolled_back_from integer,
  PRIMARY KEY (company, channel, locale, number)
);
-- A content editor edits the widget's words and nothing else.
ALTER TABLE staff_users DROP CONSTRAINT staff_users_role_check;
ALTER TABLE staff_users ADD CONSTRAINT staff_users_role_check
  CHECK (role IN ('examiner', 'supervisor', 'content-editor', 'administrator'));
