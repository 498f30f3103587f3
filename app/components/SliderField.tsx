import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A labelled slider with a numeric field, like Blender's number sliders: drag for a feel, type
 * for an exact value (committed on Enter or blur; out-of-range values are clamped by the caller).
 * `max` bounds the slider only: the field accepts larger values (a radius beyond the slider).
 */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  digits = 2,
  title,
  testId,
  suffix,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  digits?: number;
  title: string;
  testId?: string;
  suffix?: ReactNode;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const shown = value.toFixed(digits);
  const [text, setText] = useState(shown);
  // The value changes from elsewhere (keys, F drag, Sample): the field follows unless being typed in.
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);
  const cancelled = useRef(false);
  const commit = () => {
    setEditing(false);
    if (cancelled.current) {
      cancelled.current = false;
      setText(shown);
      return;
    }
    const v = Number.parseFloat(text);
    if (Number.isFinite(v)) onChange(v);
    else setText(shown);
  };
  return (
    <div className="slider-field" title={title} data-testid={testId}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input
        type="range"
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={Math.min(max, Math.max(min, value))}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <input
        id={id}
        className="number"
        type="text"
        inputMode="decimal"
        value={text}
        onFocus={(e) => {
          setEditing(true);
          e.target.select();
        }}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          else if (e.key === 'Escape') {
            cancelled.current = true;
            e.currentTarget.blur();
          }
        }}
      />
      {suffix}
    </div>
  );
}
