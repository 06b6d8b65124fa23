-- Cost flat as claims grow (decision 0103): what the queue, its search, the agent's report and
-- tracking filter on becomes columns of the claim, written at submit from the payload, each query
-- with an index matching its WHERE and ORDER BY. The payload stays as sent; these copy it.

ALTER TABLE claims ADD COLUMN claim_type text;
-- The insured's first and last name, lowercased, one space apart: the console's name search.
ALTER TABLE claims ADD COLUMN insured_name_key text;
ALTER TABLE claims ADD COLUMN insured_mobile text;
-- The policy number the claimant gave (claims.policy_number is the insurer's match).
ALTER TABLE claims ADD COLUMN policy_number_given text;

UPDATE claims c SET
  claim_type = s.claim_type,
  insured_name_key = lower(concat_ws(' ', s.payload->'insuredInformation'->>'firstName',
    s.payload->'insuredInformation'->>'lastName')),
  insured_mobile = s.payload->'insuredInformation'->>'phoneNumber',
  policy_number_given = s.payload->'policyInformation'->>'policyNumber'
FROM claim_submissions s WHERE s.claim_id = c.id;

-- The queue, oldest first, whole or by status (its count walks the same index).
CREATE INDEX claims_queue ON claims (submitted_at, id) WHERE submitted_at IS NOT NULL;
CREATE INDEX claims_queue_by_status ON claims (status, submitted_at, id) WHERE submitted_at IS NOT NULL;
-- The insurer's list by status, newest change first (claims_submitted_by_change serves it whole).
CREATE INDEX claims_by_status_and_change ON claims (status, updated_at DESC, id DESC)
  WHERE submitted_at IS NOT NULL;
CREATE INDEX claims_by_insured_mobile ON claims (insured_mobile) WHERE submitted_at IS NOT NULL;
-- A member's claims, and an agent's on the agent's policies.
CREATE INDEX claims_by_policy_given ON claims (company_name, policy_number_given)
  WHERE submitted_at IS NOT NULL;

-- Part of a name anywhere in it: a trigram index. pg_trgm ships with PostgreSQL (and PGlite) and is
-- a trusted extension; it is created once per database, in public when the migrating role may
-- create there, so every schema of the database finds its operator class in the same place.
DO $$ DECLARE home text; BEGIN IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public' AND has_schema_privilege(oid, 'CREATE')) THEN CREATE EXTENSION pg_trgm SCHEMA public; ELSE CREATE EXTENSION pg_trgm; END IF; END IF; SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'; EXECUTE format('CREATE INDEX claims_by_insured_name ON claims USING gin (insured_name_key %I.gin_trgm_ops) WHERE submitted_at IS NOT NULL', home); END $$;
