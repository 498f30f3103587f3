/**
 * Bone glyphs (src/pose/bone-glyphs.ts), issue 26 item 4: on fingers the glyphs were wider than
 * the fingers, and an end joint's glyph ran a twentieth of the model's size past the fingertip.
 * Now a glyph is thinner than the limb it runs through and an end joint's is half its parent's.
 */
import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import {
  type BoneSegment,
  GIRTH_PER_LENGTH,
  LIMB_SHARE,
  layoutBoneSegments,
  MIN_GIRTH_PER_LENGTH,
  restBoneSegments,
  restGlyphRadii,
} from '../../src/pose/bone-glyphs.ts';
import { restPositions } from '../../src/pose/rest-positions.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

const length = (s: BoneSegment) =>
  Math.hypot(s.tail[0] - s.head[0], s.tail[1] - s.head[1], s.tail[2] - s.head[2]);

/** Half the rest mesh's bounding-box diagonal (what the viewport calls the model's radius). */
function radiusOf(model: SkinnedModel): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const P of restPositions(model))
    for (let i = 0; i < P.length; i++) {
      lo[i % 3] = Math.min(lo[i % 3], P[i]);
      hi[i % 3] = Math.max(hi[i % 3], P[i]);
    }
  const d = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  return Number.isFinite(d) && d > 0 ? d / 2 : 1;
}

/** Distance from point p to the segment a→b. */
function toSegment(p: ArrayLike<number>, o: number, s: BoneSegment): number {
  const a = s.head;
  const ab = [s.tail[0] - a[0], s.tail[1] - a[1], s.tail[2] - a[2]];
  const ap = [p[o] - a[0], p[o + 1] - a[1], p[o + 2] - a[2]];
  const L2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2 || 1;
  const t = Math.min(1, Math.max(0, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / L2));
  return Math.hypot(ap[0] - ab[0] * t, ap[1] - ab[1] * t, ap[2] - ab[2] * t);
}

/**
 * The limb's radius around a bone: the median distance from the bone to the vertices its owner
 * weighs most (null when it weighs none most).
 */
function limbRadius(model: SkinnedModel, s: BoneSegment): number | null {
  const d: number[] = [];
  const rest = restPositions(model);
  for (const p of model.primitives) {
    const joints = model.skins[p.skins[0]].joints;
    const { joints: J, influences: K, vertexCount } = p.weights;
    for (let v = 0; v < vertexCount; v++)
      if (joints[J[v * K]] === s.owner) d.push(toSegment(rest[p.id], v * 3, s));
  }
  if (d.length < 3) return null;
  d.sort((a, b) => a - b);
  return d[d.length >> 1];
}

function glyphs(model: SkinnedModel) {
  const R = radiusOf(model);
  const segments = restBoneSegments(model, R);
  return { R, segments, radii: restGlyphRadii(model, segments, R) };
}

describe('bone glyphs on the fingered mannequin', () => {
  const model = buildSkinnedModel(
    mannequinToDocument(buildMannequin({ targetVertices: 10_000, fingers: true })),
  );
  const { segments, radii } = glyphs(model);
  const name = (s: BoneSegment) => model.joints.get(s.owner)!.name;
  const finger = /Hand(Thumb|Index|Middle|Ring|Pinky)\d$/;

  it('a finger bone’s glyph is thinner than the finger', () => {
    let checked = 0;
    segments.forEach((s, i) => {
      if (!finger.test(name(s))) return;
      const limb = limbRadius(model, s);
      if (limb === null) return;
      checked++;
      expect(radii[i], name(s)).toBeLessThanOrEqual(LIMB_SHARE * limb);
    });
    expect(checked).toBeGreaterThan(10);
  });

  it('an end joint’s glyph is half its parent bone, not a twentieth of the model past the fingertip', () => {
    let ends = 0;
    segments.forEach((s) => {
      const joint = model.joints.get(s.owner)!;
      if (joint.children.length > 0 || joint.parent < 0) return;
      const parent = model.joints.get(joint.parent)!.restPosition;
      const span = Math.hypot(
        ...([0, 1, 2].map((k) => joint.restPosition[k] - parent[k]) as [number, number, number]),
      );
      ends++;
      expect(length(s), name(s)).toBeLessThanOrEqual(0.5 * span + 1e-9);
    });
    expect(ends).toBeGreaterThanOrEqual(10); // 10 fingertips, the toes and the head top
  });

  it('a torso’s glyphs keep Blender’s girth (the limb is wide there)', () => {
    segments.forEach((s, i) => {
      if (!/^Spine\d?$/.test(name(s))) return;
      expect(radii[i]).toBeCloseTo(GIRTH_PER_LENGTH * length(s), 9);
    });
  });
});

/** Every glyph: finite, at least the needle's girth, at most the length-based one, no wider than its limb. */
function checkAll(model: SkinnedModel) {
  const { segments, radii } = glyphs(model);
  expect(segments.length).toBeGreaterThan(0);
  segments.forEach((s, i) => {
    const L = length(s);
    expect(Number.isFinite(radii[i])).toBe(true);
    expect(radii[i]).toBeGreaterThanOrEqual(MIN_GIRTH_PER_LENGTH * L * (1 - 1e-6));
    // Radii are float32: a relative 1e-6 of slack.
    expect(radii[i]).toBeLessThanOrEqual(GIRTH_PER_LENGTH * L * (1 + 1e-6));
    const limb = limbRadius(model, s);
    if (limb !== null)
      expect(radii[i]).toBeLessThanOrEqual(
        Math.max(LIMB_SHARE * limb, MIN_GIRTH_PER_LENGTH * L) * (1 + 1e-6),
      );
  });
}

describe('bone glyphs on the exporter conventions', () => {
  it.each(EXPORTER_CONVENTIONS.map((c) => [c]))('%s', (convention) => {
    checkAll(buildSkinnedModel(exportedAs(convention, 3000)));
  });
});

describe.skipIf(!HAVE_SHARED_MODELS)('bone glyphs on the shared models', () => {
  it.each(SHARED_MODEL_FILES.map((m) => [m.name, m.file]))('%s', async (_name, file) => {
    const editor = new Editor();
    const model = await editor.load(readSharedModel(file));
    checkAll(model);
  });
});

describe('layoutBoneSegments', () => {
  it('gives a joint with no drawable child a bone along its parent’s direction, and skips undrawn joints', () => {
    const at: Record<number, [number, number, number]> = { 0: [0, 0, 0], 1: [0, 1, 0], 2: [0, 1, 0] };
    const joints = [
      { id: 0, parent: -1, children: [1] },
      { id: 1, parent: 0, children: [2] }, // its child sits on it
      { id: 2, parent: 1, children: [] },
      { id: 3, parent: 2, children: [] }, // not drawn
    ];
    const s = layoutBoneSegments(joints, (id) => at[id], 10);
    expect(s.map((b) => b.owner)).toEqual([0, 1, 2]);
    expect(s[1].tail).toEqual([0, 1.5, 0]);
    // Its parent sits on it: straight up, a default length.
    expect(s[2].tail[0]).toBe(0);
    expect(s[2].tail[1]).toBeGreaterThan(1);
  });
});
