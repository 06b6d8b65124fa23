// Business constants of the specification (section 9) that the code uses; the others (pixel
// sizes, breakpoints, date formats, retention) are stated in the product description, not here.

export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_SECONDS = 120;
/** Sends per claim: the first request plus resends. The exhausted-attempts popup text says 3. */
export const OTP_SEND_ATTEMPTS = 4;

export const MOBILE_PREFIX = "+63";
export const COUNTRY_CODE = "63";
export const MOBILE_NUMBER_DIGITS = 10;
/** A Philippine mobile number without the country code: 9 and nine more digits ("9171234567"). */
export const PHILIPPINE_MOBILE_NUMBER = new RegExp(`^9\\d{${MOBILE_NUMBER_DIGITS - 1}}$`);

export const FIELD_LIMITS = {
  name: 30,
  suffix: 6,
  email: 100,
  address: 100,
  companyName: 30,
  policyNumber: 10,
} as const;

export const DISPLAY_DATE_PLACEHOLDER = "DD MMM YYYY";
export const DATE_PICKER_MIN = "1900-01-01";
export const DATE_PICKER_MAX = "2099-12-31";

export const IS_FIRST_SUBMIT_DEFAULT = "Y";
/** Valid-ID front and back take one file each. */
export const SINGLE_FILE_DOCUMENT_TYPES = ["LIDC001", "DIDC001"] as const;
export const AGE_ROUNDING_DAYS = 183;

export const REQUEST_TIMEOUT_MS = 360_000;
/**
 * How long an Idempotency-Key stays "in flight" after its call's last renewal: a key whose server
 * died is taken over by a retry once this has passed (decision 0110).
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;
/** The widget's pauses before sending again a call answered "in flight": together past the lease and a renewal. */
export const IN_FLIGHT_RETRY_PAUSES_MS = [2_000, 4_000, 8_000, 8_000] as const;
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;

export const MASK_VISIBLE_CHARS = 4;
