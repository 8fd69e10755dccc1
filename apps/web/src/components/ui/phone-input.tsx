import type { Ref } from 'react';
import PhoneInputBase, { type Value } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import pt from 'react-phone-number-input/locale/pt';
import 'react-phone-number-input/style.css';
import { cn } from '@/lib/cn';
import { inputClass } from './input';

/**
 * Phone with country selector: Brazil by default, international format, calling code shown and
 * not editable; the value is E.164 (docs/product/screens.md, docs/product/rules.md#validation). Flags are bundled (no CDN).
 */
export function PhoneInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  ref,
  onBlur,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The number <input> (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}) {
  return (
    <PhoneInputBase
      id={id}
      // The library forwards its ref to the number <input> (its types still say a class component).
      ref={ref as Ref<never>}
      onBlur={onBlur}
      international
      countryCallingCodeEditable={false}
      defaultCountry="BR"
      flags={flags}
      labels={pt}
      value={(value || undefined) as Value | undefined}
      onChange={(v) => onChange(v ?? '')}
      className={cn(
        inputClass,
        'flex items-center gap-2 [&_.PhoneInputInput]:h-full [&_.PhoneInputInput]:bg-transparent [&_.PhoneInputInput]:outline-none',
        invalid && 'border-red-500',
      )}
      numberInputProps={{ 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy, autoComplete: 'tel' }}
      countrySelectProps={{ 'aria-label': 'País' }}
    />
  );
}
