-- A claim's draft (decision 0043): Step 1 and the answers of Steps 2 and 3, sealed with AES-256-GCM
-- under a key derived from the server secret (key_id names it, so keys can rotate), the claim's
-- reference number as associated data. claim_type is in clear: the resume offer lists it.
CREATE TABLE claim_drafts (
  claim_id uuid PRIMARY KEY REFERENCES claims (id) ON DELETE CASCADE,
  key_id text NOT NULL,
  sealed text NOT NULL,
  claim_type text NOT NULL CHECK (claim_type IN ('Living', 'Death', '')),
  saved_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  reminder_due_at timestamptz NOT NULL,
  reminder_sent_at timestamptz
);

CREATE INDEX claim_drafts_expires ON claim_drafts (expires_at);
CREATE INDEX claim_drafts_reminder ON claim_drafts (reminder_due_at) WHERE reminder_sent_at IS NULL;
CREATE INDEX claims_verified_mobile ON claims (verified_mobile_number, company_name) WHERE status = 'draft';

-- A claim given up for a resumed draft: it takes no more calls and holds nothing.
ALTER TABLE claims ADD COLUMN abandoned_at timestamptz;
