-- What the queue's rows, the agent's report and tracking show of a claim (decision 0109): the
-- insured's names as given and the cause of loss, copied from the payload at submit beside
-- migration 028's columns, so those reads take a claim's row alone and never its payload.

ALTER TABLE claims ADD COLUMN insured_first_name text;
ALTER TABLE claims ADD COLUMN insured_last_name text;
ALTER TABLE claims ADD COLUMN cause_of_loss text;

-- Made again below with more columns: dropped first, the update below does not keep it up.
DROP INDEX claims_queue;

UPDATE claims c SET
  insured_first_name = s.payload->'insuredInformation'->>'firstName',
  insured_last_name = s.payload->'insuredInformation'->>'lastName',
  cause_of_loss = s.payload->'basicInformation'->>'causeOfLoss'
FROM claim_submissions s WHERE s.claim_id = c.id;

-- The queue's index holds what its search compares, so a common name's count walks the index
-- alone in the queue's order and stops at its bound (the trigram index reads every match).
CREATE INDEX claims_queue ON claims (submitted_at, id)
  INCLUDE (web_reference_number, insured_name_key, insured_mobile) WHERE submitted_at IS NOT NULL;

-- The metrics' claims by status (every claim, drafts too): the statuses held are found on it one
-- probe each, and a status held by few claims is counted on it.
CREATE INDEX claims_by_status ON claims (status);
