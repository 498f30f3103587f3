/**
 * Painting on the posed mesh: the Node test editor picks on the posed surface (as the
 * viewport's raycast does on the skinned mesh), and a stroke over the bent forearm changes the
 * weights of the vertices under the posed brush, not of those at the brush's bind-pose place.
 */
import { describe, expect, it } from 'vitest';
import { raycastTriangles } from '../../src/mesh/raycast.ts';
import { triangleCorners } from '../../src/mesh/triangles.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { TestEditor } from '../editor/test-editor.ts';

type V3 = [number, number, number];

/** A test editor whose picking sees the posed surface (world space, as posePositions gives it). */
class PosedTestEditor extends TestEditor {
  private posedCorners = new Map<number, Uint32Array>();

  override pick(px: number, py: number): { primitive: number; point: V3; normal: V3 } | null {
    const { origin, dir } = this.camera.ray(px, py);
    let best: { primitive: number; point: V3; normal: V3; distance: number } | null = null;
    for (const prim of this.model.primitives) {
      let corners = this.posedCorners.get(prim.id);
      if (!corners)
        this.posedCorners.set(prim.id, (corners = triangleCorners(prim.indices, prim.weights.vertexCount)));
      const hit = raycastTriangles(this.editor.pose.positions(prim.id), corners, origin, dir);
      if (hit && (!best || hit.distance < best.distance)) best = { primitive: prim.id, ...hit };
    }
    return best && { primitive: best.primitive, point: best.point, normal: best.normal };
  }
}

function changedVertices(a: SkinWeights, b: SkinWeights): number[] {
  const out: number[] = [];
  for (let v = 0; v < a.vertexCount; v++) {
    for (let i = 0; i < a.influences; i++) {
      const s = v * a.influences + i;
      if (a.joints[s] !== b.joints[s] || !Object.is(a.weights[s], b.weights[s])) {
        out.push(v);
        break;
      }
    }
  }
  return out;
}

/** Distance from point p (xyz at p[o..]) to segment a–b. */
function toSegment(p: ArrayLike<number>, o: number, a: V3, b: V3): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[o] - a[0], p[o + 1] - a[1], p[o + 2] - a[2]];
  const t = Math.max(
    0,
    Math.min(1, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / (ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2)),
  );
  return Math.hypot(ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]);
}

// The elbow is at (0.455, 1.435, 0); bent 90° about Z, the forearm points straight up.
const FROM: V3 = [0.455, 1.56, 0];
const TO: V3 = [0.455, 1.64, 0];
const RADIUS = 0.03;

describe('painting on the posed mesh', () => {
  it('a stroke on the bent forearm changes the vertices under the posed brush, not at their bind-pose place', () => {
    const t = new PosedTestEditor();
    const weights = t.model.primitives[0].weights;
    const bind = t.model.primitives[0].positions;
    t.editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const posed = t.editor.pose.positions(0).slice();
    // The posed brush path is on the raised forearm; in the bind pose nothing is there.
    t.editor.selectJoint('LeftArm');
    t.editor.paint.setSettings({
      brush: 'draw',
      weight: 1,
      strength: 1,
      radius: RADIUS,
      frontFacesOnly: false,
    });
    const start = weights.clone();
    expect(t.drag(FROM, TO)).toBe(true);
    const changed = changedVertices(start, weights);
    expect(changed.length).toBeGreaterThan(20);
    const arm = t.joint('LeftArm');
    for (const v of changed) {
      expect(weights.weightOf(v, arm)).toBeGreaterThan(start.weightOf(v, arm));
      // Under the posed brush (the brush sphere around the stroke, plus the surface offset)…
      expect(toSegment(posed, v * 3, FROM, TO)).toBeLessThan(RADIUS + 0.05);
      // …and far from the stroke in the bind pose: they lie along the straight forearm.
      expect(toSegment(bind, v * 3, FROM, TO)).toBeGreaterThan(0.08);
      expect(bind[v * 3]).toBeGreaterThan(0.455 + 0.06);
      expect(Math.abs(bind[v * 3 + 1] - 1.435)).toBeLessThan(0.06);
    }
    // The weights moved those vertices (now more on LeftArm): the posed mesh follows them.
    const after = t.editor.pose.positions(0);
    expect(changed.some((v) => after[v * 3] !== posed[v * 3])).toBe(true);
    // Undo brings back the weights and, re-skinned, the posed positions bit for bit.
    t.editor.undo();
    expect(changedVertices(start, weights)).toEqual([]);
    expect(t.editor.pose.positions(0)).toEqual(posed);
  });

  it('the same stroke in the bind pose misses (there is no surface there) and paints nothing', () => {
    const t = new PosedTestEditor();
    const weights = t.model.primitives[0].weights;
    t.editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    t.editor.pose.resetAll();
    t.editor.selectJoint('LeftArm');
    t.editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: RADIUS });
    const start = weights.clone();
    expect(t.drag(FROM, TO)).toBe(false);
    expect(changedVertices(start, weights)).toEqual([]);
  });

  it('brush queries follow the pose: the paint surface holds the posed positions, and the stored ones at reset', () => {
    const t = new PosedTestEditor();
    t.editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const surface = t.editor.surfaces.forSkin(0).surface;
    const posed = t.editor.pose.positions(0);
    for (let g = 0; g < surface.nodeCount; g += 97) {
      const v = surface.nodeVertex[g];
      expect(surface.positions[g * 3 + 1]).toBe(posed[v * 3 + 1]);
    }
    t.editor.pose.resetAll();
    expect(surface.positions).toEqual(surface.restPositions);
  });
});
