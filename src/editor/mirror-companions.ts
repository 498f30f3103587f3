/**
 * Mirroring across skeletons. A stroke paints a body — every skin of one skeleton — so the
 * mirror map of a modular character (RobotExpressive's hands, Quaternius' four-skin body) finds a
 * hand's twin in the other hand's skin by itself. Skins over another skeleton that holds the
 * mirror joint are not in the body: when most of the stroked body has no partner of its own (or
 * lacks the mirror joint), the stroke is played again, reflected across the mirror plane, on every
 * such skin's surface: the companions. Together they are one undo step.
 */
import type { PaintSample } from '../brush/painter.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { type BrushSettings, strokeConfig } from './brush-settings.ts';
import type { StrokeInput } from './paint-record.ts';
import type { PaintTarget, PaintTargets } from './paint-targets.ts';

/** One reflected copy of a stroke. */
export interface MirrorCompanion {
  target: PaintTarget;
  /** Reused for every sample of the stroke. */
  sample: PaintSample;
}

/** Share of a surface's nodes without a partner above which its stroke is mirrored onto other skins. */
export const COMPANION_UNMATCHED_SHARE = 0.5;

/**
 * The companions of a mirrored stroke on `primary` with joint `joint` (id), begun at `input`;
 * empty when mirror is off or the primary surface mirrors itself. Locked mirror joints are skipped.
 */
export function beginCompanions(
  targets: PaintTargets,
  primary: PaintTarget,
  settings: BrushSettings,
  joint: number,
  locks: ReadonlySet<number>,
  nodeMask: (target: PaintTarget) => Uint8Array | null,
  input: StrokeInput,
): MirrorCompanion[] {
  if (!settings.mirror || settings.brush === 'sample') return [];
  const axis = settings.mirrorAxis;
  const own = primary.surface.mirror(axis);
  const mid = targets.mirrorJoint(joint, axis);
  // The surface mirrors itself, and its skin has the mirror joint to paint its other side with.
  const selfMirrored = own.unmatched <= COMPANION_UNMATCHED_SHARE * primary.surface.nodeCount;
  if (selfMirrored && primary.jointIndex.has(mid)) return [];
  if (locks.has(mid)) return [];
  const skins = new Set(targets.model.primitives.map((p) => p.skins[0]));
  const out: MirrorCompanion[] = [];
  for (const skin of skins) {
    // Only skins holding the mirror joint, outside the stroked body (its own mirror map finds
    // partners in every skin of its skeleton): the others' surfaces are not even built.
    if (primary.skins.includes(skin) || !targets.model.skins[skin].joints.includes(mid)) continue;
    const target = targets.forSkin(skin);
    const local = target.jointIndex.get(mid);
    if (local === undefined) continue;
    const config = strokeConfig(
      { ...settings, mirror: false },
      local,
      local,
      targets.lockMask(target, locks),
      nodeMask(target),
    );
    if (!config) continue;
    const companion = { target, sample: { point: [0, 0, 0], part: -1 } as PaintSample };
    target.painter.begin(config, reflect(input, axis, companion.sample));
    out.push(companion);
  }
  return out;
}

/** `input` reflected across the plane of `axis` into `out` (the primitive is unknown there). */
export function reflect(input: StrokeInput, axis: MirrorAxis, out: PaintSample): PaintSample {
  const a = axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
  const p: [number, number, number] = [input.point[0], input.point[1], input.point[2]];
  p[a] = -p[a];
  out.point = p;
  if (input.viewDir) {
    const v: [number, number, number] = [input.viewDir[0], input.viewDir[1], input.viewDir[2]];
    v[a] = -v[a];
    out.viewDir = v;
  } else out.viewDir = undefined;
  out.pressure = input.pressure ?? 1;
  out.part = -1;
  return out;
}
