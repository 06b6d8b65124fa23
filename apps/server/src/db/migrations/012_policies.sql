-- The insurer's policy records (docs/decisions/0057): imported by a command or the integration API,
-- looked up by the logged-in channels, and matched against claims at submit. The record is kept
-- whole; the columns beside it are what the lookups and the match search by.

CREATE TABLE policies (
  company_name text NOT NULL,
  policy_number text NOT NULL CHECK (policy_number ~ '^[0-9]{10}$'),
  status text NOT NULL,
  -- Names as comparableName makes them: no case, accents, dots, hyphens or spaces.
  insured_first_key text NOT NULL,
  insured_last_key text NOT NULL,
  insured_date_of_birth date NOT NULL,
  owner_mobile text,
  agent_code text,
  record jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (company_name, policy_number)
);

CREATE INDEX policies_by_insured ON policies (company_name, insured_last_key, insured_date_of_birth);
CREATE INDEX policies_by_agent ON policies (company_name, agent_code) WHERE agent_code IS NOT NULL;
