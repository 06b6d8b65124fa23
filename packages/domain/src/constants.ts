// Business constants of the specification (section 9). Every other module reads them from here.

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

export const DISPLAY_DATE_FORMAT = "dd MMM yyyy";
export const DISPLAY_DATE_PLACEHOLDER = "DD MMM YYYY";
export const PAYLOAD_DATE_FORMAT = "MM/dd/yyyy";
export const DATE_PICKER_MIN = "1900-01-01";
export const DATE_PICKER_MAX = "2099-12-31";

export const IS_FIRST_SUBMIT_DEFAULT = "Y";
/** Valid-ID front and back take one file each. */
export const SINGLE_FILE_DOCUMENT_TYPES = ["LIDC001", "DIDC001"] as const;
export const AGE_ROUNDING_DAYS = 183;

export const REQUEST_TIMEOUT_MS = 360_000;
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;

export const DROPDOWN_ITEM_HEIGHT_PX = 48;
export const DROPDOWN_VISIBLE_ITEMS = 8;
export const DROPDOWN_LIST_HEIGHT_PX = 384;
export const POPUP_WIDTH_PX = 564;
export const POPUP_NARROW_SCREEN_PX = 600;
export const TOOLTIP_WIDTH_SMALL_PX = 201;
export const TOOLTIP_WIDTH_LARGE_PX = 470;
export const BREAKPOINTS_PX = [768, 1024, 1200, 1536] as const;

export const MASK_VISIBLE_CHARS = 4;

export const RETENTION_YEARS_AFTER_POLICY_TERMINATION = { paper: 7, electronic: 10 } as const;
