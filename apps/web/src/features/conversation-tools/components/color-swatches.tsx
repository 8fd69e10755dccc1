import { LABEL_COLORS, type LabelDto } from '@vendai/contracts';
import { cn } from '@/lib/cn';
import { LABEL_COLOR_STYLE } from '../lib/label-colors';

type LabelColor = LabelDto['color'];

/** The palette as a radio group of swatches. */
export function ColorSwatches({
  value,
  onChange,
  name,
}: {
  value: LabelColor;
  onChange: (color: LabelColor) => void;
  name: string;
}) {
  return (
    <fieldset className="flex flex-wrap gap-1.5">
      <legend className="sr-only">Cor</legend>
      {LABEL_COLORS.map((color) => (
        <label key={color} title={LABEL_COLOR_STYLE[color].name} className="cursor-pointer">
          <input
            type="radio"
            name={name}
            value={color}
            checked={value === color}
            onChange={() => onChange(color)}
            className="peer sr-only"
          />
          <span className="sr-only">{LABEL_COLOR_STYLE[color].name}</span>
          <span
            aria-hidden
            className={cn(
              'block size-6 rounded-full ring-2 ring-transparent ring-offset-1 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700',
              LABEL_COLOR_STYLE[color].dot,
            )}
          />
        </label>
      ))}
    </fieldset>
  );
}
