import { FALLOFF_IDS, type FalloffCurve, falloff } from '../../src/brush/falloff.ts';

/** Where the falloff drops to half strength (t in 0..1), or 0 when it never does (constant). */
export function halfStrengthRadius(curve: FalloffCurve): number {
  const id = FALLOFF_IDS[curve];
  if (falloff(id, 1) >= 0.5) return 0;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (falloff(id, mid) > 0.5) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * An SVG path of the falloff across the brush (rim to centre to rim) in a `width`×`height` box:
 * the curve the core paints with (src/brush/falloff.ts), drawn, not redrawn by hand.
 */
export function falloffPath(curve: FalloffCurve, width: number, height: number, steps = 40): string {
  const id = FALLOFF_IDS[curve];
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const u = (i / steps) * 2 - 1;
    const x = ((u + 1) / 2) * width;
    // Constant would sit on the box's top edge: keep a pixel so the stroke shows.
    const y = 1 + (1 - falloff(id, Math.abs(u))) * (height - 2);
    points.push(`${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return points.join('');
}
