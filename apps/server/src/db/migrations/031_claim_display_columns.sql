-- What the queue's rows, the agent's report and tracking show of a claim (decision 0109): the
-- insured's names as given and the cause of loss, copied from the payload at submit beside
-- migration 028's columns, so those reads take a claim's row alone and never its payload.

ALTER TABLE claims ADD COLUMN insured_first_name text;
ALTER TABLE claims ADD COLUMN insured_last_name text;
ALTER TABLE claims ADD COLUMN cause_of_loss text;

UPDATE claims c SET
  insured_first_name = s.payload->'insuredInformation'->>'firstName',
  insured_last_name = s.payload->'insuredInformation'->>'lastName',
  cause_of_loss = s.payload->'basicInformation'->>'causeOfLoss'
FROM claim_submissions s WHERE s.claim_id = c.id;
