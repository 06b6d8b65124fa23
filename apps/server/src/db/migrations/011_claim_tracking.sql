-- The claimant follows the claim (docs/decisions/0055). A tracking check is a session like a claim
-- being filed: it starts, its number is verified by the same OTP calls and limits, and its token
-- then reads the claims filed with that number. Documents the insurer asked for are stored on the
-- claim, tied to the request they answer.

ALTER TABLE claims ADD COLUMN purpose text NOT NULL DEFAULT 'filing'
  CHECK (purpose IN ('filing', 'tracking'));

-- The claims a verified number filed.
CREATE INDEX claims_submitted_by_number ON claims (verified_mobile_number, submitted_at DESC)
  WHERE submitted_at IS NOT NULL;

ALTER TABLE claim_documents ADD COLUMN requirement_id uuid REFERENCES claim_requirements (id);

-- Set when the request's documents are sent; until then the claimant may still remove them.
ALTER TABLE claim_documents ADD COLUMN sent_at timestamptz;

CREATE INDEX claim_documents_requirement ON claim_documents (requirement_id) WHERE requirement_id IS NOT NULL;
