-- The final submit: the payload as received, the facts its document slots were computed from, and
-- the first answer, which every repeat of the submit gets back. One row per claim.

CREATE TABLE claim_submissions (
  claim_id uuid PRIMARY KEY REFERENCES claims (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  claim_type text NOT NULL CHECK (claim_type IN ('Death', 'Living')),
  -- SlotFacts of the payload (nature, benefits, beneficiaries…) as the server computed them.
  slot_facts jsonb NOT NULL,
  response jsonb NOT NULL,
  submitted_at timestamptz NOT NULL
);

ALTER TABLE claims ADD COLUMN submitted_at timestamptz;

-- Set at submit: false for a file in a slot the final claim no longer asks for (kept, never lost).
ALTER TABLE claim_documents ADD COLUMN slot_required boolean;
