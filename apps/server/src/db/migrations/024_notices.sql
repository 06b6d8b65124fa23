-- The temporarily-unavailable notice scheduled from the console (decision 0086): one row per notice
-- of a company and channel, with the window it shows in and the window its close icon shows in.
-- A notice ended early keeps its row with its end moved to the moment it was ended.
CREATE TABLE notices (
  id uuid PRIMARY KEY,
  company text NOT NULL,
  channel text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  show_close_start_time timestamptz NOT NULL,
  show_close_end_time timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  CHECK (end_time > start_time),
  CHECK (show_close_end_time > show_close_start_time)
);
CREATE INDEX notices_by_place ON notices (company, channel, end_time);
