/**
 * Rig cases of bodies holding a prop modelled with them, as game characters carry their weapon
 * in the mesh (KayKit's knight its sword, a paladin or a soldier a spear), for the fitter's
 * regression tests: the prop is a separate piece through the hand, the artist's joints the
 * body's own.
 */
import { type FitMesh, mergeFitMeshes } from '../../src/skeleton/fit/fit-mesh.ts';
import { mannequinRigCase, type RigCase, shapedRigCase } from './rig-quality.ts';

type Vec3 = [number, number, number];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const unit = (v: Vec3): Vec3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * A closed prism from `from` to `to` whose section is an ellipse of half-axes `wide` (along
 * `side`, made square to the axis) and `flat` (across both): a shaft when they are equal, a
 * blade when `flat` is a fraction of `wide`.
 */
export function prismMesh(
  from: Vec3,
  to: Vec3,
  wide: number,
  flat: number,
  side: Vec3 = [1, 0, 0],
  segments = 12,
): FitMesh {
  const axis = unit(sub(to, from));
  // `side` along the axis says nothing across it: another side then.
  const c = cross(axis, side);
  const v = unit(Math.hypot(...c) > 1e-3 ? c : cross(axis, Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [0, 0, 1]));
  const u = cross(v, axis);
  const positions: number[] = [];
  const indices: number[] = [];
  for (const end of [from, to])
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      const x = wide * Math.cos(a);
      const y = flat * Math.sin(a);
      positions.push(
        end[0] + x * u[0] + y * v[0],
        end[1] + x * u[1] + y * v[1],
        end[2] + x * u[2] + y * v[2],
      );
    }
  for (let s = 0; s < segments; s++) {
    const a = s;
    const b = (s + 1) % segments;
    indices.push(a, b, a + segments, b, b + segments, a + segments);
  }
  // Caps: fans around each end's centre.
  const c0 = positions.length / 3;
  positions.push(...from, ...to);
  for (let s = 0; s < segments; s++) {
    const b = (s + 1) % segments;
    indices.push(c0, b, s, c0 + 1, s + segments, b + segments);
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

/** Which prop {@link heldPropRigCase} puts in the right hand. */
export type HeldProp = 'spear' | 'sword';

/**
 * A body holding a prop in its right hand: 'spear', the A-pose mannequin with a shaft standing
 * on the floor beside the foot and rising past the head; 'sword', a chibi in a T-pose (head
 * 1.8×, arms 0.6×, as KayKit's) with a flat blade held pointing forward and a grip through the
 * fist.
 */
export function heldPropRigCase(prop: HeldProp, targetVertices = 6000): RigCase {
  const c =
    prop === 'spear'
      ? mannequinRigCase({ build: 'average', pose: 'A' }, targetVertices)
      : shapedRigCase('chibi', { armDrop: 0, armLength: 0.6, headScale: 1.8 }, targetVertices);
  const H = c.height;
  const wrist = c.artist.positions[c.artist.names.indexOf('RightHand')];
  const elbow = c.artist.positions[c.artist.names.indexOf('RightForeArm')];
  // The fist: a little past the wrist along the forearm.
  const fore = unit(sub(wrist, elbow));
  const hand: Vec3 = [
    wrist[0] + 0.03 * H * fore[0],
    wrist[1] + 0.03 * H * fore[1],
    wrist[2] + 0.03 * H * fore[2],
  ];
  const parts: FitMesh[] = [c.mesh];
  if (prop === 'spear') {
    const r = 0.009 * H;
    parts.push(prismMesh([hand[0], 0, hand[2]], [hand[0], 1.15 * H, hand[2]], r, r));
    // The spear's head, a flat leaf at the top.
    parts.push(prismMesh([hand[0], 1.15 * H, hand[2]], [hand[0], 1.25 * H, hand[2]], 0.02 * H, 0.004 * H));
  } else {
    const grip = 0.05 * H;
    parts.push(
      prismMesh([hand[0], hand[1], hand[2] - grip], [hand[0], hand[1], hand[2] + grip], 0.012 * H, 0.012 * H),
    );
    // The guard across, then the blade forward, flat and upright.
    parts.push(
      prismMesh(
        [hand[0] - 0.05 * H, hand[1], hand[2] + grip],
        [hand[0] + 0.05 * H, hand[1], hand[2] + grip],
        0.01 * H,
        0.01 * H,
        [0, 1, 0],
      ),
    );
    parts.push(
      prismMesh(
        [hand[0], hand[1], hand[2] + grip],
        [hand[0], hand[1], hand[2] + grip + 0.45 * H],
        0.03 * H,
        0.006 * H,
        [0, 1, 0],
      ),
    );
  }
  return { ...c, name: `${c.name} holding a ${prop}`, mesh: mergeFitMeshes(parts) };
}
