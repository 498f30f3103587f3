/**
 * Brush settings: what the toolbar edits and a stroke reads. Plain data (the UI store mirrors
 * it); {@link sanitizeBrushSettings} clamps and validates a change; {@link applyModifiers}
 * gives the temporary brush of a held key (Shift = Smooth, Ctrl = invert).
 */
import type { BlendMode } from '../brush/blend.ts';
import type { FalloffCurve } from '../brush/falloff.ts';
import type { StrokeConfig } from '../brush/painter.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';

/** The brushes. Draw mixes toward the target weight (with `blend` for the other modes). */
export type BrushType = 'draw' | 'add' | 'subtract' | 'smooth' | 'smear' | 'sample';

export interface BrushSettings {
  brush: BrushType;
  /** How Draw combines weights: mix (default), lighten, darken, multiply, add, subtract. */
  blend: BlendMode;
  /** World units (the UI converts screen pixels). */
  radius: number;
  /** 0..1. */
  strength: number;
  /** Target weight of Draw (and the amount Add/Subtract move per full-strength dab), 0..1. */
  weight: number;
  falloff: FalloffCurve;
  /** A dab every `spacing × radius` along the stroke (0: one per pointer sample). */
  spacing: number;
  /** Pen pressure scales the strength. */
  pressureStrength: boolean;
  /** Pen pressure scales the radius. */
  pressureRadius: boolean;
  /** Off: one stroke never moves a vertex further than its strongest dab would (Blender). */
  accumulate: boolean;
  /** Skip vertices facing away from the viewer (else paint through the mesh). */
  frontFacesOnly: boolean;
  /** Only the surface connected to the point under the brush (no bleeding to the other leg). */
  connectedOnly: boolean;
  mirror: boolean;
  mirrorAxis: MirrorAxis;
  /**
   * Vertex selection masking (Blender's): with vertices selected, strokes change only them.
   * Nothing selected paints everywhere, as does this off.
   */
  selectionMask: boolean;
}

/** Defaults of {@link BrushSettings} (Blender's weight paint defaults where they exist). */
export const BRUSH_DEFAULTS: Readonly<BrushSettings> = Object.freeze({
  brush: 'draw',
  blend: 'mix',
  radius: 0.05,
  strength: 1,
  weight: 1,
  falloff: 'smooth',
  spacing: 0.1,
  pressureStrength: true,
  pressureRadius: false,
  accumulate: false,
  frontFacesOnly: false,
  connectedOnly: false,
  mirror: false,
  mirrorAxis: 'x',
  selectionMask: true,
});

const BRUSHES: readonly BrushType[] = ['draw', 'add', 'subtract', 'smooth', 'smear', 'sample'];
const BLENDS: readonly BlendMode[] = ['mix', 'add', 'subtract', 'multiply', 'lighten', 'darken'];
const FALLOFFS: readonly FalloffCurve[] = ['smooth', 'sphere', 'linear', 'sharp', 'constant'];
const AXES: readonly MirrorAxis[] = ['x', 'y', 'z'];

function pick<T>(value: T, allowed: readonly T[], name: string): T {
  if (!allowed.includes(value))
    throw new Error(`Unknown ${name} "${String(value)}" (one of ${allowed.join(', ')}).`);
  return value;
}

function number(value: number, lo: number, hi: number, name: string): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`${name} must be a number.`);
  return Math.min(hi, Math.max(lo, value));
}

/** `base` with `change` applied: enums validated (throws on unknown names), numbers clamped. */
export function sanitizeBrushSettings(
  change: Partial<BrushSettings>,
  base: BrushSettings = BRUSH_DEFAULTS,
): BrushSettings {
  const s = { ...base, ...change };
  return {
    brush: pick(s.brush, BRUSHES, 'brush'),
    blend: pick(s.blend, BLENDS, 'blend mode'),
    radius: number(s.radius, 1e-6, Number.MAX_VALUE, 'radius'),
    strength: number(s.strength, 0, 1, 'strength'),
    weight: number(s.weight, 0, 1, 'weight'),
    falloff: pick(s.falloff, FALLOFFS, 'falloff'),
    spacing: number(s.spacing, 0, 10, 'spacing'),
    pressureStrength: Boolean(s.pressureStrength),
    pressureRadius: Boolean(s.pressureRadius),
    accumulate: Boolean(s.accumulate),
    frontFacesOnly: Boolean(s.frontFacesOnly),
    connectedOnly: Boolean(s.connectedOnly),
    mirror: Boolean(s.mirror),
    mirrorAxis: pick(s.mirrorAxis, AXES, 'mirror axis'),
    // Settings saved before the option existed mask by default.
    selectionMask: s.selectionMask === undefined ? true : Boolean(s.selectionMask),
  };
}

/** Keys held during a stroke. */
export interface BrushModifiers {
  /** Shift: temporary Smooth. */
  smooth?: boolean;
  /** Ctrl: invert (Add ↔ Subtract; Draw paints 1 − weight). */
  invert?: boolean;
}

/** The brush a stroke uses given the held keys (settings themselves are unchanged). */
export function applyModifiers(settings: BrushSettings, modifiers: BrushModifiers = {}): BrushSettings {
  if (modifiers.smooth) return { ...settings, brush: 'smooth' };
  if (!modifiers.invert) return settings;
  if (settings.brush === 'add') return { ...settings, brush: 'subtract' };
  if (settings.brush === 'subtract') return { ...settings, brush: 'add' };
  if (settings.brush === 'draw') return { ...settings, weight: 1 - settings.weight };
  return settings;
}

/**
 * The painter's stroke config for `settings` on skin joint `joint` (Sample has none: null).
 * `mask`: the selected nodes, applied when `settings.selectionMask` is on (null: no selection).
 */
export function strokeConfig(
  settings: BrushSettings,
  joint: number,
  mirrorJoint: number,
  locked: Uint8Array | null,
  mask: Uint8Array | null = null,
): StrokeConfig | null {
  const { brush } = settings;
  if (brush === 'sample') return null;
  return {
    kind: brush === 'smooth' ? 'smooth' : brush === 'smear' ? 'smear' : 'blend',
    blend: brush === 'add' ? 'add' : brush === 'subtract' ? 'subtract' : settings.blend,
    weight: settings.weight,
    strength: settings.strength,
    radius: settings.radius,
    falloff: settings.falloff,
    spacing: settings.spacing,
    pressureStrength: settings.pressureStrength,
    pressureRadius: settings.pressureRadius,
    accumulate: settings.accumulate,
    frontFacesOnly: settings.frontFacesOnly,
    connectedOnly: settings.connectedOnly,
    mirror: settings.mirror ? settings.mirrorAxis : null,
    joint,
    mirrorJoint,
    locked,
    mask: settings.selectionMask ? mask : null,
  };
}
