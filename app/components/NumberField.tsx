import { useId } from 'react';

/**
 * The one number input of the panels: passes on a finite number (a half-typed "-" is not one),
 * clamped to [min, max] when they are given.
 */
export function NumberInput({
  value,
  step,
  min,
  max,
  label,
  id,
  name,
  className = 'value',
  disabled,
  onChange,
}: {
  value: number;
  step: number;
  min?: number;
  max?: number;
  label?: string;
  id?: string;
  name?: string;
  className?: string;
  disabled?: boolean;
  onChange: (v: number) => void;
}) {
  return (
    <input
      type="number"
      className={className}
      id={id}
      name={name}
      step={step}
      min={min}
      max={max}
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(e) => {
        const v = Number(e.target.value);
        if (Number.isFinite(v)) onChange(Math.min(max ?? Infinity, Math.max(min ?? -Infinity, v)));
      }}
    />
  );
}

/** A labelled {@link NumberInput} in the panels' field row style. */
export function NumberField(props: { label: string; value: number; step: number; set: (v: number) => void }) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span className="label">{props.label}</span>
      <NumberInput id={id} label={props.label} value={props.value} step={props.step} onChange={props.set} />
    </label>
  );
}
