/**
 * The built-in character: a rigged mannequin made entirely in code. Its surface is one closed,
 * watertight, outward-wound piece, meshed from a smooth distance field at a resolution picked
 * for a target vertex count, exactly mirror-symmetric about x = 0; its skeleton has Mixamo
 * names; its first weights come from distances to the bones.
 */
import { mannequinField } from './body.ts';
import { meshField } from './mesher.ts';
import type { Field } from './sdf.ts';
import { FINGERED_MANNEQUIN_JOINTS, MANNEQUIN_JOINTS, type MannequinJoint } from './skeleton.ts';
import type { NetMesh } from './surface-nets.ts';
import { mannequinWeights } from './weights.ts';

export { FINGERED_MANNEQUIN_PRIMITIVES, MANNEQUIN_PRIMITIVES, mannequinField } from './body.ts';
export { type AddGarmentOptions, addGarmentNode, garmentToDocument } from './garment-document.ts';
export {
  buildGarment,
  GARMENT_DEFAULTS,
  GARMENT_KINDS,
  type Garment,
  type GarmentKind,
  type GarmentOptions,
} from './garments.ts';
export type { Field, Primitive, Vec3 } from './sdf.ts';
export { compileField, evalField } from './sdf.ts';
export {
  FINGERED_MANNEQUIN_JOINTS,
  jointIndex,
  LEFT_FINGERS,
  MANNEQUIN_JOINTS,
  type MannequinJoint,
} from './skeleton.ts';
export {
  MANNEQUIN_TO_DOCUMENT_DEFAULTS,
  type MannequinToDocumentOptions,
  mannequinToDocument,
} from './to-document.ts';
export { buildMannequinVariant, MANNEQUIN_VARIANTS, type MannequinVariant } from './variants.ts';
export { MANNEQUIN_WEIGHTS_DEFAULTS, type MannequinWeightsOptions, mannequinWeights } from './weights.ts';

/** Options of {@link buildMannequin}. */
export interface BuildMannequinOptions {
  /** Roughly how many vertices to make, at least 300 (the result lands within about 10%). */
  targetVertices?: number;
  /**
   * Five fingers of three joints (and an end joint) per hand, Mixamo names (LeftHandThumb1..4,
   * LeftHandIndex1..4, … RightHandPinky4): 65 joints instead of 29, for heavier rigs.
   */
  fingers?: boolean;
}

/** Defaults of {@link BuildMannequinOptions}. */
export const BUILD_MANNEQUIN_DEFAULTS: Required<BuildMannequinOptions> = {
  targetVertices: 10_000,
  fingers: false,
};

/** The mannequin as plain typed arrays, ready for a Document or for tests. */
export interface MannequinData {
  /** Vertex positions, xyz per vertex (metres, Y up, facing +Z, feet on y = 0). */
  positions: Float32Array;
  /** Unit outward normals, xyz per vertex. */
  normals: Float32Array;
  /** Triangles, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** Joint names, parents before children. */
  jointNames: string[];
  /** Parent joint of each joint, -1 for the root (Hips). */
  jointParents: Int32Array;
  /** Bind-pose world position of each joint, xyz per joint. */
  jointPositions: Float32Array;
  /** Four influences per vertex: joint indices, slot v·4 + i, strongest first. */
  joints: Uint16Array;
  /** Four weights per vertex, matching `joints`; unused slots are joint 0 weight 0. */
  weights: Float32Array;
  /** Each vertex's mirror image about x = 0 (itself on the plane). */
  mirror: Uint32Array;
  /** Each joint's mirror joint (itself on the mid-line). */
  jointMirror: Int32Array;
  /** The grid spacing the surface was meshed at (metres). */
  gridSpacing: number;
}

// Vertices per unit of 1/h² for this body, measured: the first guess of the grid spacing.
const VERTICES_TIMES_H2 = 2.5;

/**
 * Builds the mannequin at the resolution that gives about `targetVertices` vertices. A grid
 * spacing is guessed from the body's measured density and corrected if the count misses by more
 * than 8%. On very coarse grids two limbs closer than a cell can fuse into a handle; the mesh is a
 * closed manifold, so its Euler characteristic is V - F/2, and a spacing that does not give a
 * sphere (2) is refined a little until it does.
 */
export function buildMannequin(options: BuildMannequinOptions = {}): MannequinData {
  const { targetVertices, fingers } = { ...BUILD_MANNEQUIN_DEFAULTS, ...options };
  if (!(targetVertices >= 300)) throw new RangeError('targetVertices must be at least 300');
  const skeleton = fingers ? FINGERED_MANNEQUIN_JOINTS : MANNEQUIN_JOINTS;
  return mannequinOfField(mannequinField(fingers), skeleton, targetVertices);
}

/**
 * Meshes `field` (a mannequin-like body over `skeleton`) at the resolution that gives about
 * `targetVertices` vertices, and weights it: the body of {@link buildMannequin}, open to the
 * shapes made from the same skeleton (see variants.ts).
 */
export function mannequinOfField(
  field: Field,
  skeleton: readonly MannequinJoint[],
  targetVertices: number,
): MannequinData {
  let h = Math.sqrt(VERTICES_TIMES_H2 / targetVertices);
  let mesh: NetMesh = meshField(field, h);
  for (let attempt = 0; attempt < 8; attempt++) {
    const ratio = mesh.mirror.length / targetVertices;
    const sphere = mesh.mirror.length - mesh.indices.length / 6 === 2;
    if (Math.abs(ratio - 1) > 0.08) h *= Math.sqrt(ratio);
    else if (!sphere) h *= 0.97;
    else break;
    mesh = meshField(field, h);
  }
  // The typed-array constructor converts in bulk (`from` walks an iterator: slow when cold).
  const positions = new Float32Array(mesh.positions);
  const normals = new Float32Array(mesh.normals);
  const { joints, weights } = mannequinWeights(positions, mesh.mirror, skeleton);
  return {
    positions,
    normals,
    indices: mesh.indices,
    jointNames: skeleton.map((j) => j.name),
    jointParents: Int32Array.from(skeleton, (j) => j.parent),
    jointPositions: Float32Array.from(skeleton.flatMap((j) => j.position)),
    joints,
    weights,
    mirror: mesh.mirror,
    jointMirror: Int32Array.from(skeleton, (j) => j.mirror),
    gridSpacing: h,
  };
}
