-- Why a claim token ended, when it matters to its holder (decision 0069): 'continued-elsewhere' when
-- the claim was continued on another device, so the first device is told that instead of a bare 401.
ALTER TABLE claim_tokens ADD COLUMN revoked_reason text;
