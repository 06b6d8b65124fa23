-- An in-flight Idempotency-Key is held by one attempt (holder) under a lease its call renews while
-- it runs: a key whose server died is taken over once the lease runs out, seconds later, where a
-- retry waited five minutes. Keys in flight before this change keep their five minutes.
ALTER TABLE idempotency_keys ADD COLUMN holder text;
ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz;
UPDATE idempotency_keys SET lease_until = created_at + interval '5 minutes'
WHERE status = 'in-flight';
