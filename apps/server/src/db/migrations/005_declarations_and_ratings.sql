-- The declarations the claimant agreed to at the final submit, kept beside the payload (section 3's
-- payload has no place for them); they were accepted at the submission's submitted_at. Rows of
-- submissions made before this migration have none.

ALTER TABLE claim_submissions ADD COLUMN declarations jsonb;

-- The claimant's rating of the filing, after the submit: one per claim, a new rating replaces the
-- earlier one. The comment is free text: kept here only, never logged.
CREATE TABLE claim_ratings (
  claim_id uuid PRIMARY KEY REFERENCES claims (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  first_rated_at timestamptz NOT NULL,
  rated_at timestamptz NOT NULL
);
