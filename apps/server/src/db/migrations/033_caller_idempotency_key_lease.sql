-- The console's and the integration API's in-flight Idempotency-Keys are held as the claim API's
-- are (032): by one attempt (holder) under a lease its call renews while it runs, so a key whose
-- server died is taken over seconds later, where a retry waited five minutes. Keys in flight
-- before this change keep their five minutes.
ALTER TABLE caller_idempotency_keys ADD COLUMN holder text;
ALTER TABLE caller_idempotency_keys ADD COLUMN lease_until timestamptz;
UPDATE caller_idempotency_keys SET lease_until = created_at + interval '5 minutes'
WHERE status = 'in-flight';
