/**
 * Stroke input and records: what the viewport reports per pointer sample, and a stroke kept as
 * plain data (JSON-safe) so scripts (`window.skinsmith`), tests and bug reports can replay it.
 */
import type { BrushModifiers, BrushSettings } from './brush-settings.ts';

/** A point of a stroke, as the viewport reports it. */
export interface StrokeInput {
  /** SkinnedModel primitive id under the pointer. */
  primitive: number;
  /** Hit point, mesh space. */
  point: readonly [number, number, number];
  /** Surface normal at the hit (informational: recorded for replay). */
  normal?: readonly [number, number, number];
  /** Camera → scene direction, for front-faces-only. */
  viewDir?: readonly [number, number, number];
  /** Pen pressure 0..1 (1 for a mouse). */
  pressure?: number;
}

/** A stroke as data: replay it with {@link PaintSession.replay} (scripts, tests, bug reports). */
export interface StrokeRecord {
  /** Name of the painted joint. */
  joint: string;
  settings: BrushSettings;
  modifiers: BrushModifiers;
  samples: StrokeInput[];
}

const copy3 = (v?: readonly [number, number, number]) =>
  v ? ([v[0], v[1], v[2]] as [number, number, number]) : undefined;

/** A copy of a sample that shares no arrays with the caller's (the viewport reuses its vectors). */
export function copyStrokeInput(input: StrokeInput): StrokeInput {
  return {
    primitive: input.primitive,
    point: copy3(input.point)!,
    normal: copy3(input.normal),
    viewDir: copy3(input.viewDir),
    pressure: input.pressure,
  };
}
