-- A submitted claim's life at the insurer (docs/decisions/0050 and 0051): claims.status holds the
-- current server status; every change, request and answer is an event row beside it, never an
-- update without its event. Requirements are the items the insurer asked for, each with its state.

CREATE TABLE claim_events (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('status', 'requirements', 'requirement', 'decision', 'policy-match')),
  from_status text,
  to_status text,
  actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'integration', 'claimant', 'system')),
  actor_id text NOT NULL,
  reason text,
  -- What changed besides the status: item ids, the decision, the policy match. No personal data.
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);

CREATE INDEX claim_events_claim ON claim_events (claim_id, seq);

CREATE TABLE claim_requirements (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  document_cd text,
  description text NOT NULL,
  due_date date NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'received', 'accepted', 'rejected')),
  rejection_reason text,
  -- A rejected item is asked again as a new item that names the one it replaces.
  replaces uuid REFERENCES claim_requirements (id),
  asked_at timestamptz NOT NULL,
  received_at timestamptz,
  decided_at timestamptz
);

CREATE INDEX claim_requirements_claim ON claim_requirements (claim_id, seq);

ALTER TABLE claims ADD COLUMN policy_number text;
ALTER TABLE claims ADD COLUMN match_code smallint CHECK (match_code BETWEEN 0 AND 9);
-- {outcome: approved | partly-approved | denied, reasonCode}; kept apart from the status.
ALTER TABLE claims ADD COLUMN decision jsonb;

-- The integration list: submitted claims, newest change first.
CREATE INDEX claims_submitted_by_change ON claims (updated_at DESC, id DESC) WHERE submitted_at IS NOT NULL;

-- Claims submitted before this migration get their first event.
INSERT INTO claim_events (id, claim_id, kind, from_status, to_status, actor_kind, actor_id, created_at)
SELECT gen_random_uuid(), id, 'status', NULL, status, 'claimant', 'claimant', submitted_at
FROM claims WHERE submitted_at IS NOT NULL;
