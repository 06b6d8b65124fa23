-- The OTP calls in one round trip each (decision 0108): a send's checks and writes, and a guess's,
-- run in the database as one function call, so no row lock waits on the server between statements.

-- New codes are hashed as SHA-256 of the row's id and a keyed hash of the claim and the code, so
-- the database can compare a guess without the secret; codes stored before keep the keyed hash of
-- the row and the code (1), which only the server can compare.
ALTER TABLE otp_codes ADD COLUMN hash_scheme smallint NOT NULL DEFAULT 1;

-- A send (decisions 0012, 0061, 0062, 0102): the address's free call, the claim's language, then
-- under the claim's lock its refusals in their order, the code, and the rate buckets last. A bucket
-- that refuses undoes the code and the other buckets; the address's call and the language stay,
-- as when each was its own statement. Outcomes: above-free, no-claim, closed, no-mobile, moved
-- (a reset whose claim holds another number than the one given), exhausted, wait, limited, reserved.
CREATE FUNCTION otp_reserve_send(
  p_claim_id uuid,
  p_mobile text,
  p_kind text,
  p_device_hash text,
  p_device_key_sent boolean,
  p_now timestamptz,
  p_exhausted_since timestamptz,
  p_sends_per_claim integer,
  p_proven_since timestamptz,
  p_resend_wait_seconds integer,
  p_code_id uuid,
  p_code_hash text,
  p_expires_at timestamptz,
  p_hit_buckets text[],
  p_hit_starts timestamptz[],
  p_hit_limits integer[],
  p_hit_sets text[],
  p_gate_bucket text,
  p_gate_start timestamptz,
  p_gate_limit integer,
  p_locale text
) RETURNS TABLE (
  outcome text,
  sends_used integer,
  last_sent_at timestamptz,
  proven boolean,
  allowed_buckets text[],
  company_name text,
  channel_name text,
  locale text,
  claim_mobile text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_claim claims%ROWTYPE;
  v_used integer;
  v_last timestamptz;
  v_exhausted boolean;
  v_proven boolean;
  v_set text;
  v_wanted integer;
  v_allowed text[];
BEGIN
  IF p_gate_bucket IS NOT NULL THEN
    INSERT INTO rate_limit_hits AS r (bucket, window_start, hits) VALUES (p_gate_bucket, p_gate_start, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1 WHERE r.hits < p_gate_limit;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'above-free', 0, NULL::timestamptz, false, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
      RETURN;
    END IF;
  END IF;
  IF p_locale IS NOT NULL THEN
    UPDATE claims c SET locale = p_locale
    WHERE c.id = p_claim_id AND c.status = 'draft' AND c.locale IS DISTINCT FROM p_locale;
  END IF;

  SELECT * INTO v_claim FROM claims c WHERE c.id = p_claim_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-claim', 0, NULL::timestamptz, false, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF v_claim.status <> 'draft' THEN
    RETURN QUERY SELECT 'closed', 0, NULL::timestamptz, false, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF p_kind = 'reset' AND v_claim.mobile_number IS NULL THEN
    RETURN QUERY SELECT 'no-mobile', 0, NULL::timestamptz, false, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF p_kind = 'reset' AND v_claim.mobile_number IS DISTINCT FROM p_mobile THEN
    RETURN QUERY SELECT 'moved', 0, NULL::timestamptz, false, NULL::text[], NULL::text, NULL::text, NULL::text, v_claim.mobile_number;
    RETURN;
  END IF;

  SELECT count(*)::int, max(o.created_at) INTO v_used, v_last FROM otp_codes o
  WHERE o.claim_id = p_claim_id AND o.status IN ('sending', 'sent');
  SELECT EXISTS (
    SELECT o.claim_id FROM otp_codes o
    WHERE o.mobile_number = p_mobile AND o.device_hash = p_device_hash AND o.status IN ('sending', 'sent')
    GROUP BY o.claim_id
    HAVING count(*) >= p_sends_per_claim AND bool_and(o.used_at IS NULL) AND max(o.created_at) > p_exhausted_since
  ) INTO v_exhausted;
  SELECT p_device_key_sent AND EXISTS (
    SELECT 1 FROM otp_devices d
    WHERE d.mobile_number = p_mobile AND d.device_hash = p_device_hash AND d.verified_at > p_proven_since
  ) INTO v_proven;

  IF v_used >= p_sends_per_claim OR v_exhausted THEN
    RETURN QUERY SELECT 'exhausted', v_used, v_last, v_proven, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF v_last IS NOT NULL AND v_last + make_interval(secs => p_resend_wait_seconds) > p_now THEN
    RETURN QUERY SELECT 'wait', v_used, v_last, v_proven, NULL::text[], NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;

  v_set := CASE WHEN v_proven THEN 'proven' ELSE 'stranger' END;
  SELECT count(*)::int INTO v_wanted FROM unnest(p_hit_sets) AS s(name) WHERE s.name IN ('any', v_set);
  BEGIN
    INSERT INTO otp_codes
      (id, claim_id, code_hash, hash_scheme, mobile_number, device_hash, status, created_at, expires_at)
    VALUES (p_code_id, p_claim_id, p_code_hash, 2, p_mobile, p_device_hash, 'sending', p_now, p_expires_at);
    -- The buckets last: the hourly one every send shares is locked only to this statement's commit.
    WITH wanted AS (
      SELECT h.bucket, h.window_start, h.hit_limit
      FROM unnest(p_hit_buckets, p_hit_starts, p_hit_limits, p_hit_sets) AS h(bucket, window_start, hit_limit, set_name)
      WHERE h.set_name IN ('any', v_set)
    ), taken AS (
      INSERT INTO rate_limit_hits AS r (bucket, window_start, hits)
      SELECT w.bucket, w.window_start, 1 FROM wanted w
      ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
      WHERE r.hits < (SELECT w.hit_limit FROM wanted w WHERE w.bucket = r.bucket)
      RETURNING r.bucket
    )
    SELECT coalesce(array_agg(t.bucket), '{}') INTO v_allowed FROM taken t;
    IF cardinality(v_allowed) < v_wanted THEN
      RAISE EXCEPTION 'a send bucket is full' USING ERRCODE = 'KL001';
    END IF;
  EXCEPTION WHEN SQLSTATE 'KL001' THEN
    RETURN QUERY SELECT 'limited', v_used, v_last, v_proven, v_allowed, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END;
  -- The answer waits for the synchronous commit that marks the code sent or gives it back, which
  -- flushes this one with it (decision 0102).
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY SELECT 'reserved', v_used, v_last, v_proven, v_allowed,
    v_claim.company_name, v_claim.channel_name, v_claim.locale, v_claim.mobile_number;
END;
$$;

-- A guess (decision 0012): the claim's live code, its refusals in their order, a wrong guess counted
-- below the limit, a right one used under the claim's lock with the verified number recorded, the
-- token replaced and the device remembered. A legacy code (scheme 1) is compared by the server:
-- without its stored hash given back as matched (p_legacy_hash) the answer is 'legacy', and
-- nothing is counted. Outcomes: no-active, locked, expired, legacy, wrong, closed, verified.
CREATE FUNCTION otp_validate(
  p_claim_id uuid,
  p_candidate text,
  p_legacy_hash text,
  p_wrong_limit integer,
  p_now timestamptz,
  p_token_hash text,
  p_new_token_hash text,
  p_token_expires_at timestamptz,
  p_device_hash text
) RETURNS TABLE (
  outcome text,
  code_id uuid,
  code_hash text,
  wrong_guesses integer,
  mobile_number text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_code otp_codes%ROWTYPE;
  v_matches boolean;
  v_wrong integer;
  v_status text;
BEGIN
  SELECT * INTO v_code FROM otp_codes o
  WHERE o.claim_id = p_claim_id AND o.status = 'sent' ORDER BY o.seq DESC LIMIT 1;
  IF NOT FOUND OR v_code.used_at IS NOT NULL THEN
    RETURN QUERY SELECT 'no-active', NULL::uuid, NULL::text, 0, NULL::text;
    RETURN;
  END IF;
  IF v_code.wrong_guesses >= p_wrong_limit THEN
    RETURN QUERY SELECT 'locked', v_code.id, NULL::text, v_code.wrong_guesses, NULL::text;
    RETURN;
  END IF;
  IF v_code.expires_at <= p_now THEN
    RETURN QUERY SELECT 'expired', v_code.id, NULL::text, v_code.wrong_guesses, NULL::text;
    RETURN;
  END IF;
  IF v_code.hash_scheme = 1 THEN
    IF p_legacy_hash IS NULL THEN
      RETURN QUERY SELECT 'legacy', v_code.id, v_code.code_hash, v_code.wrong_guesses, NULL::text;
      RETURN;
    END IF;
    v_matches := v_code.code_hash = p_legacy_hash;
  ELSE
    v_matches := v_code.code_hash =
      encode(sha256(convert_to(v_code.id::text || ':' || p_candidate, 'UTF8')), 'hex');
  END IF;

  IF NOT v_matches THEN
    -- Counted only while below the limit, so parallel guesses cannot add more than the limit.
    UPDATE otp_codes o SET wrong_guesses = o.wrong_guesses + 1
    WHERE o.id = v_code.id AND o.wrong_guesses < p_wrong_limit AND o.used_at IS NULL
    RETURNING o.wrong_guesses INTO v_wrong;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'locked', v_code.id, NULL::text, p_wrong_limit, NULL::text;
      RETURN;
    END IF;
    RETURN QUERY SELECT 'wrong', v_code.id, NULL::text, v_wrong, NULL::text;
    RETURN;
  END IF;

  -- The submit locks the claim too, so a code cannot be used on a claim being submitted.
  SELECT c.status INTO v_status FROM claims c WHERE c.id = p_claim_id FOR UPDATE;
  IF v_status IS DISTINCT FROM 'draft' THEN
    RETURN QUERY SELECT 'closed', v_code.id, NULL::text, v_code.wrong_guesses, NULL::text;
    RETURN;
  END IF;
  -- Another call used or locked the code between the read and now.
  UPDATE otp_codes o SET used_at = p_now
  WHERE o.id = v_code.id AND o.used_at IS NULL AND o.wrong_guesses < p_wrong_limit AND o.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no-active', v_code.id, NULL::text, v_code.wrong_guesses, NULL::text;
    RETURN;
  END IF;
  UPDATE claims c SET verified_mobile_number = v_code.mobile_number, verified_at = p_now, updated_at = p_now
  WHERE c.id = p_claim_id;
  UPDATE claim_tokens t SET revoked_at = p_now WHERE t.token_hash = p_token_hash AND t.revoked_at IS NULL;
  -- The device that entered the right code has proven the number (decision 0062).
  IF p_device_hash IS NOT NULL THEN
    INSERT INTO otp_devices AS d (mobile_number, device_hash, verified_at)
    VALUES (v_code.mobile_number, p_device_hash, p_now)
    ON CONFLICT ON CONSTRAINT otp_devices_pkey DO UPDATE SET verified_at = EXCLUDED.verified_at;
  END IF;
  INSERT INTO claim_tokens (token_hash, claim_id, rights, created_at, last_used_at, expires_at)
  VALUES (p_new_token_hash, p_claim_id, 'otp-verified', p_now, p_now, p_token_expires_at);
  RETURN QUERY SELECT 'verified', v_code.id, NULL::text, v_code.wrong_guesses, v_code.mobile_number;
END;
$$;
