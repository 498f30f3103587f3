/**
 * CUBICSPLINE clips under skeleton edits: tangents are re-expressed with their values, so an
 * orient poses the mesh exactly as before between keyframes too, not only at them.
 */
import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { applySkeletonEdit } from '../../src/skeleton/apply-skeleton-edit.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { NodePoser } from '../support/node-poser.ts';
import { diagonalOf } from '../support/skinning-oracle.ts';
import { drawnMesh, meshDistance } from './support/drawn-mesh.ts';

/** The strip with a cubic rotation clip on joint2 and a cubic translation clip on joint3. */
function cubicStrip() {
  const doc = makeSkinnedDocument({ joints: 6, animation: false, influences: 3 });
  const root = doc.getRoot();
  const buffer = root.listBuffers()[0];
  const node = (n: string) => root.listNodes().find((x) => x.getName() === n)!;
  const times = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1, 2]))
    .setBuffer(buffer);
  const s = Math.SQRT1_2;
  // [in-tangent, value, out-tangent] per key.
  const rot = new Float32Array([
    ...[0, 0, 0, 0],
    ...[0, 0, 0, 1],
    ...[0, 0, 0.4, 0],
    ...[0, 0, 0.2, 0],
    ...[0, 0, s, s],
    ...[0, 0, -0.3, 0.1],
    ...[0.1, 0, 0, 0],
    ...[0, 0, 0, 1],
    ...[0, 0, 0, 0],
  ]);
  const tr = new Float32Array([
    ...[0, 0, 0],
    ...[0, 1, 0],
    ...[0.5, 0, 0],
    ...[0.2, 0.3, 0],
    ...[0.3, 1.2, 0.1],
    ...[0, 0, 0.4],
    ...[0, 0, 0],
    ...[0, 1, 0],
    ...[0, 0, 0],
  ]);
  const animation = doc.createAnimation('Curvy');
  const channel = (target: string, path: 'rotation' | 'translation', values: Float32Array) => {
    const out = doc
      .createAccessor()
      .setType(path === 'rotation' ? 'VEC4' : 'VEC3')
      .setArray(values)
      .setBuffer(buffer);
    const sampler = doc
      .createAnimationSampler()
      .setInput(times)
      .setOutput(out)
      .setInterpolation('CUBICSPLINE');
    animation
      .addSampler(sampler)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(node(target)).setTargetPath(path).setSampler(sampler),
      );
  };
  channel('joint2', 'rotation', rot);
  channel('joint3', 'translation', tr);
  return buildSkinnedModel(doc);
}

const TIMES = [0, 0.3, 0.5, 0.77, 1, 1.4, 1.9, 2];

describe('cubic-spline clips under skeleton edits', () => {
  it('an orient of the animated joint poses the mesh as before, between keys too', () => {
    const model = cubicStrip();
    const before = new NodePoser(model.document);
    const old = TIMES.map((t) => drawnMesh(model, { worlds: before.pose(0, t) }));
    const diag = diagonalOf(old[0]);
    const q = [0.1, 0.3, -0.2, 0.9];
    const n = Math.hypot(...q);
    const next = applySkeletonEdit(model, {
      op: 'orient',
      joint: 'joint2',
      rotation: q.map((c) => c / n) as never,
    }).model;
    const after = new NodePoser(next.document);
    TIMES.forEach((t, k) => {
      expect(meshDistance(old[k], drawnMesh(next, { worlds: after.pose(0, t) })), `t = ${t}`).toBeLessThan(
        1e-5 * diag,
      );
    });
  });

  it("a move keeps the child's offset from the new pivot between keys too", () => {
    const model = cubicStrip();
    const before = new NodePoser(model.document);
    const nodes = model.document.getRoot().listNodes();
    const j2 = nodes.findIndex((x) => x.getName() === 'joint2');
    const j3 = nodes.findIndex((x) => x.getName() === 'joint3');
    const p = model.joints.get(j2)!.restPosition;
    const next = applySkeletonEdit(model, {
      op: 'move',
      joint: 'joint2',
      to: [p[0] + 0.3, p[1] - 0.2, p[2]],
    }).model;
    const after = new NodePoser(next.document);
    // The child's position in joint2's frame differs from the old one by the rest offset, at every t.
    const local = (w: Float64Array) => {
      const m = w.subarray(j2 * 16, j2 * 16 + 16);
      const c = [w[j3 * 16 + 12] - m[12], w[j3 * 16 + 13] - m[13], w[j3 * 16 + 14] - m[14]];
      // Rigid frame (unit scale): its transpose inverts it.
      return [0, 1, 2].map((r) => m[r * 4] * c[0] + m[r * 4 + 1] * c[1] + m[r * 4 + 2] * c[2]);
    };
    const shift = (t: number) => {
      const a = local(before.pose(0, t));
      const b = local(after.pose(0, t));
      return b.map((v, k) => v - a[k]);
    };
    const rest = shift(0);
    expect(Math.hypot(...rest)).toBeGreaterThan(0.1);
    for (const t of TIMES)
      expect(Math.hypot(...shift(t).map((v, k) => v - rest[k])), `t = ${t}`).toBeLessThan(1e-6);
  });
});
