/** One choice of a {@link Segmented} control: its value, label and tooltip. */
export interface SegmentOption<T> {
  value: T;
  label: string;
  hint: string;
}

/** Radio buttons drawn as a segmented control (like the toolbar's modes). */
export function Segmented<T extends string | number>({
  name,
  options,
  value,
  onChange,
  className = 'segmented',
}: {
  name: string;
  options: SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      {options.map((o) => (
        <label key={o.value} title={o.hint} className={o.value === value ? 'on' : ''}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
