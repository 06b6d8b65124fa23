-- Claims filed on the logged-in channels (docs/decisions/0059). The agent who filed a claim on
-- agent assist, from the portal's verified assertion (never from the request body), and the
-- policy the portal's user chose, which the submitted payload must name.

ALTER TABLE claims ADD COLUMN agent_code text;
ALTER TABLE claims ADD COLUMN portal_policy_number text;

CREATE INDEX claims_by_agent ON claims (company_name, agent_code) WHERE agent_code IS NOT NULL;
