import { MOBILE_PREFIX } from "@kalinga/domain/constants";
import { keepMobileDigits } from "@kalinga/domain/mobile-digits";
import { TextField } from "../ui/text-field.tsx";

/** The claimant's Philippine mobile number after its +63, kept to digits as it is typed. */
export function MobileNumberField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (digits: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      label={label}
      name={name}
      prefix={MOBILE_PREFIX}
      inputMode="numeric"
      autoComplete="tel-national"
      notAllowBlank
      value={value}
      onChange={(event) => onChange(keepMobileDigits(event.currentTarget.value))}
      error={error}
    />
  );
}
