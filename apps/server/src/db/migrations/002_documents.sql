-- Claim documents and the idempotency keys of uploads and submissions. A document's bytes live in
-- the document store under storage_key; a row is inserted only after its bytes are durable, and a
-- 'deleted' row keeps its key so the sweep can tell removed files from missing ones.

CREATE TABLE claim_documents (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  slot_key text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  display_name text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  source_type text NOT NULL CHECK (source_type IN ('jpeg', 'png', 'heic', 'pdf')),
  page_count integer NOT NULL CHECK (page_count > 0),
  status text NOT NULL CHECK (status IN ('stored', 'deleted')),
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,
  CHECK ((status = 'deleted') = (deleted_at IS NOT NULL))
);

CREATE INDEX claim_documents_claim_stored ON claim_documents (claim_id, seq) WHERE status = 'stored';

-- One row per Idempotency-Key of a claim: 'in-flight' while the first request runs, then 'done'
-- with the response a retry of the same request gets back.
CREATE TABLE idempotency_keys (
  claim_id uuid NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('in-flight', 'done')),
  response jsonb,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (claim_id, key),
  CHECK ((status = 'done') = (response IS NOT NULL))
);
