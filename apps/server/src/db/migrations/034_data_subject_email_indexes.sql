-- A data subject's look-up by e-mail address (decision 0111) read every submitted claim's payload
-- and every e-mail sent (5–9 s at 100,000 claims). The addresses a payload names (the insured's,
-- each beneficiary's and guardian's), trimmed and in lower case, are indexed through a function of
-- the payload, so the claims keep no second copy of them; the e-mails' recipients likewise.
CREATE FUNCTION claim_payload_emails(payload jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH beneficiaries AS (
    SELECT b FROM jsonb_array_elements(CASE
      WHEN jsonb_typeof(payload->'beneficiaryList') = 'array'
      THEN payload->'beneficiaryList' ELSE '[]'::jsonb END) b
  ), named AS (
    SELECT lower(btrim(payload->'insuredInformation'->>'emailAddress')) AS address
    UNION ALL SELECT lower(btrim(b->>'emailAddress')) FROM beneficiaries
    UNION ALL SELECT lower(btrim(b->'guardian'->>'emailAddress')) FROM beneficiaries
  )
  SELECT coalesce(array_agg(DISTINCT address), '{}') FROM named
  WHERE address IS NOT NULL AND address <> ''
$$;
CREATE INDEX claim_submissions_by_email ON claim_submissions
  USING gin (claim_payload_emails(payload));
CREATE INDEX notifications_by_email ON notifications (lower(btrim(recipient)))
  WHERE channel = 'email' AND claim_id IS NOT NULL;
