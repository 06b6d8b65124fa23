-- A number whose sends ran out on one claim gets no new OTP on another for a while (decision 0012).
CREATE INDEX otp_codes_mobile_created ON otp_codes (mobile_number, created_at);
