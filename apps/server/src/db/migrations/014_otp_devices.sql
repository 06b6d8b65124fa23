-- The OTP limits bind the device that asked (decision 0062): each send records a keyed hash of the
-- widget's device key (or of its claim, for a caller without one), and a device that entered a
-- number's right code is remembered as having proven that number.
ALTER TABLE otp_codes ADD COLUMN device_hash text;

-- Sends before this migration had no device: each counts as a device of its own claim.
UPDATE otp_codes SET device_hash = 'claim:' || claim_id::text WHERE device_hash IS NULL;

ALTER TABLE otp_codes ALTER COLUMN device_hash SET NOT NULL;

-- The exhausted-sends lock looks up one number's sends from one device.
DROP INDEX IF EXISTS otp_codes_mobile_created;
CREATE INDEX otp_codes_mobile_device_created ON otp_codes (mobile_number, device_hash, created_at);

CREATE TABLE otp_devices (
  mobile_number text NOT NULL,
  device_hash text NOT NULL,
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (mobile_number, device_hash)
);
