import type { FalloffCurve } from '../../src/brush/falloff.ts';
import { falloffPath, halfStrengthRadius } from './falloff-shape.ts';

const CURVES: { curve: FalloffCurve; label: string }[] = [
  { curve: 'smooth', label: 'Smooth' },
  { curve: 'sphere', label: 'Sphere' },
  { curve: 'linear', label: 'Linear' },
  { curve: 'sharp', label: 'Sharp' },
  { curve: 'constant', label: 'Constant' },
];

/** The falloff curves as buttons, each drawing its own profile across the brush. */
export function FalloffPicker({
  value,
  onChange,
}: {
  value: FalloffCurve;
  onChange: (c: FalloffCurve) => void;
}) {
  return (
    <div className="falloff-picker">
      {CURVES.map(({ curve, label }) => {
        const half = halfStrengthRadius(curve);
        return (
          <button
            key={curve}
            type="button"
            aria-pressed={value === curve}
            className="falloff"
            data-falloff={curve}
            title={`${label} falloff${half > 0 ? `: half strength at ${Math.round(half * 100)}% of the radius` : ': full strength to the rim'}`}
            onClick={() => onChange(curve)}
          >
            <svg width={36} height={16} viewBox="0 0 36 16" aria-hidden="true">
              <path d={`${falloffPath(curve, 36, 16)}L36 16L0 16Z`} className="area" />
              <path d={falloffPath(curve, 36, 16)} className="line" />
            </svg>
          </button>
        );
      })}
    </div>
  );
}
