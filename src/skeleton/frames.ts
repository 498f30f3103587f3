/**
 * Node frames for skeleton edits: 4×4 column-major matrices in float64 (allocating helpers: an
 * edit runs once, not per frame), TRS ⇄ matrix, and the world matrix of every node of a document
 * as the file's rest pose draws it (the nodes' own transforms through their parents).
 */
import type { Document, Node } from '@gltf-transform/core';
import { matCompose, matDecompose, matInvert } from '../pose/matrix.ts';
import { multiplyInto } from '../pose/skinning.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
/** A 4×4 column-major matrix (16 numbers). */
export type Mat4 = Float64Array;

/** A node transform: translation, rotation (x, y, z, w), scale. */
export interface TRS {
  t: Vec3;
  r: Quat;
  s: Vec3;
}

export function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

/** a · b (b applied first). */
export function mul(a: ArrayLike<number>, b: ArrayLike<number>): Mat4 {
  const out = new Float64Array(16);
  multiplyInto(a, 0, b, 0, out, 0);
  return out;
}

/** The inverse; throws for a singular matrix (a zero scale: no frame to keep). */
export function invert(m: ArrayLike<number>): Mat4 {
  const out = new Float64Array(16);
  if (!matInvert(m, 0, out, 0))
    throw new SkeletonEditError('A node on the way has a zero scale: its frame cannot be inverted.');
  return out;
}

export function translation(v: ArrayLike<number>): Mat4 {
  const m = identity();
  m[12] = v[0];
  m[13] = v[1];
  m[14] = v[2];
  return m;
}

export function compose(trs: TRS): Mat4 {
  const m = new Float64Array(16);
  matCompose(trs.t, 0, trs.r, 0, trs.s, 0, m, 0);
  return m;
}

/** T·R·S of an affine matrix (shear is lost, see matDecompose). */
export function decompose(m: ArrayLike<number>): TRS {
  const o = new Float64Array(10);
  matDecompose(m, 0, o, 0);
  return { t: [o[0], o[1], o[2]], r: [o[3], o[4], o[5], o[6]], s: [o[7], o[8], o[9]] };
}

/** The node's own transform. */
export function nodeTRS(node: Node): TRS {
  return { t: node.getTranslation(), r: node.getRotation(), s: node.getScale() };
}

export function nodeLocal(node: Node): Mat4 {
  return compose(nodeTRS(node));
}

/** m · p for a point. */
export function transformPoint(m: ArrayLike<number>, p: ArrayLike<number>): Vec3 {
  return [
    m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
    m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
    m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14],
  ];
}

/** m · v for a direction (no translation). */
export function transformVector(m: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  return [
    m[0] * v[0] + m[4] * v[1] + m[8] * v[2],
    m[1] * v[0] + m[5] * v[1] + m[9] * v[2],
    m[2] * v[0] + m[6] * v[1] + m[10] * v[2],
  ];
}

export function originOf(m: ArrayLike<number>): Vec3 {
  return [m[12], m[13], m[14]];
}

/**
 * True when `m` is T·R·S with a uniform S (up to float noise): then C · (T·R·S) of any node
 * transform is again a TRS, so keys re-expressed by C stay exact between keyframes.
 */
export function isSimilarity(m: ArrayLike<number>): boolean {
  const { s } = decompose(m);
  const mean = (Math.abs(s[0]) + Math.abs(s[1]) + Math.abs(s[2])) / 3;
  if (!(mean > 0) || s[0] < 0) return false;
  for (const c of s) if (Math.abs(c - mean) > 1e-9 * mean) return false;
  const back = compose(decompose(m));
  let size = 1;
  for (let k = 12; k < 15; k++) size = Math.max(size, Math.abs(m[k]));
  for (let k = 0; k < 16; k++) if (Math.abs(back[k] - m[k]) > 1e-9 * (k >= 12 ? size : mean)) return false;
  return true;
}

/** True when two matrices are equal entry by entry. */
export function sameMatrix(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let k = 0; k < 16; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * World matrices of every node of a document (index = node index, as glTF writes it), in the
 * file's rest pose: the pose engines draw, in which skeleton edits take their positions. All are
 * computed at construction: a snapshot, which later edits of the nodes do not change.
 */
export class NodeWorlds {
  readonly nodes: Node[];
  readonly index: Map<Node, number>;
  private readonly worlds: (Mat4 | undefined)[];

  constructor(document: Document) {
    this.nodes = document.getRoot().listNodes();
    this.index = new Map(this.nodes.map((n, i) => [n, i]));
    this.worlds = new Array(this.nodes.length);
    for (let i = 0; i < this.nodes.length; i++) this.world(i);
  }

  /** World matrix of node index i. */
  world(i: number): Mat4 {
    let w = this.worlds[i];
    if (w) return w;
    // Parents first, iteratively (deep chains, no recursion); a cycle (invalid glTF) stops the walk.
    const chain: number[] = [];
    let at: number | undefined = i;
    while (at !== undefined && this.worlds[at] === undefined && chain.length <= this.nodes.length) {
      chain.push(at);
      const p = this.nodes[at].getParentNode();
      at = p ? this.index.get(p) : undefined;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const n = chain[k];
      const p = this.nodes[n].getParentNode();
      const pw = p ? this.worlds[this.index.get(p) ?? -1] : undefined;
      this.worlds[n] = pw ? mul(pw, nodeLocal(this.nodes[n])) : nodeLocal(this.nodes[n]);
    }
    w = this.worlds[i]!;
    return w;
  }

  worldOf(node: Node): Mat4 {
    const i = this.index.get(node);
    if (i === undefined) throw new Error('the node is not in the document');
    return this.world(i);
  }

  /** World matrix of the node's parent (identity for a scene root). */
  parentWorld(node: Node): Mat4 {
    const p = node.getParentNode();
    return p ? this.worldOf(p) : identity();
  }
}

/** Sets the parts of a node's transform that differ from `trs` (untouched parts keep their bits). */
export function setNodeTRS(node: Node, trs: TRS): void {
  const differs = (a: readonly number[], b: readonly number[]) => a.some((v, k) => v !== b[k]);
  if (differs(node.getTranslation(), trs.t)) node.setTranslation([...trs.t]);
  if (differs(node.getRotation(), trs.r)) node.setRotation([...trs.r]);
  if (differs(node.getScale(), trs.s)) node.setScale([...trs.s]);
}
