/**
 * NodePoser: world matrices of a Document's nodes at a time of one of its animations, written
 * apart from src/pose as an oracle: the auto-bind quality metrics pose the artist's and our
 * weights with it, and test/pose/animation.test.ts holds the editor's clip sampling to it. Samples translation, rotation and scale channels with STEP,
 * LINEAR (rotations by slerp) and CUBICSPLINE interpolation; weights channels are ignored.
 */
import type { AnimationChannel, Document, Node } from '@gltf-transform/core';

interface Channel {
  node: number;
  path: 'translation' | 'rotation' | 'scale';
  interpolation: string;
  times: Float32Array;
  values: Float32Array;
  size: number;
}

/** One clip: its channels and time range. */
export interface Clip {
  name: string;
  start: number;
  end: number;
  channels: Channel[];
}

export class NodePoser {
  readonly nodes: Node[];
  readonly parent: Int32Array;
  readonly clips: Clip[];
  /** Topological order (parents first). */
  private readonly order: number[];
  private readonly baseTRS: Float64Array;
  private readonly trs: Float64Array;

  constructor(document: Document) {
    const root = document.getRoot();
    this.nodes = root.listNodes();
    const index = new Map(this.nodes.map((n, i) => [n, i]));
    this.parent = Int32Array.from(this.nodes, (n) => index.get(n.getParentNode() as Node) ?? -1);
    this.order = [];
    const seen = new Uint8Array(this.nodes.length);
    const visit = (i: number) => {
      if (seen[i]) return;
      seen[i] = 1;
      if (this.parent[i] >= 0) visit(this.parent[i]);
      this.order.push(i);
    };
    for (let i = 0; i < this.nodes.length; i++) visit(i);
    this.baseTRS = new Float64Array(this.nodes.length * 10);
    this.nodes.forEach((n, i) => {
      this.baseTRS.set([...n.getTranslation(), ...n.getRotation(), ...n.getScale()], i * 10);
    });
    this.trs = new Float64Array(this.baseTRS.length);
    this.clips = root.listAnimations().map((anim) => {
      const channels: Channel[] = [];
      let start = Number.POSITIVE_INFINITY;
      let end = Number.NEGATIVE_INFINITY;
      for (const ch of anim.listChannels() as AnimationChannel[]) {
        const path = ch.getTargetPath();
        const node = ch.getTargetNode();
        const sampler = ch.getSampler();
        if (!node || !sampler || (path !== 'translation' && path !== 'rotation' && path !== 'scale'))
          continue;
        const input = sampler.getInput()?.getArray();
        const output = sampler.getOutput()?.getArray();
        if (!input || !output || input.length === 0) continue;
        const times = Float32Array.from(input);
        start = Math.min(start, times[0]);
        end = Math.max(end, times[times.length - 1]);
        channels.push({
          node: index.get(node) ?? -1,
          path,
          interpolation: sampler.getInterpolation(),
          times,
          values: Float32Array.from(output, (x) => Number(x)),
          size: path === 'rotation' ? 4 : 3,
        });
      }
      return {
        name: anim.getName(),
        start: Number.isFinite(start) ? start : 0,
        end: Number.isFinite(end) ? end : 0,
        channels,
      };
    });
  }

  /**
   * World matrices (column-major, 16 per node) at time `t` of clip `clip` (-1: the nodes' own
   * transforms). Writes into `out` and returns it.
   */
  pose(clip: number, t: number, out = new Float64Array(this.nodes.length * 16)): Float64Array {
    this.trs.set(this.baseTRS);
    if (clip >= 0)
      for (const ch of this.clips[clip].channels)
        sampleChannel(ch, t, this.trs, ch.node * 10 + offsetOf(ch.path));
    return this.world(out);
  }

  /**
   * World matrices of the nodes' own transforms with node `node`'s rotation followed by a turn
   * of `angle` radians about its local `axis` (0 x, 1 y, 2 z): the test bends of a file that has
   * no animation.
   */
  bend(
    node: number,
    axis: number,
    angle: number,
    out = new Float64Array(this.nodes.length * 16),
  ): Float64Array {
    const trs = this.trs;
    trs.set(this.baseTRS);
    const o = node * 10 + 3;
    const [x, y, z, w] = trs.subarray(o, o + 4);
    const h = Math.sin(angle / 2);
    const b = [axis === 0 ? h : 0, axis === 1 ? h : 0, axis === 2 ? h : 0, Math.cos(angle / 2)];
    // q · b: the bend is applied in the joint's own frame.
    trs[o] = w * b[0] + x * b[3] + y * b[2] - z * b[1];
    trs[o + 1] = w * b[1] - x * b[2] + y * b[3] + z * b[0];
    trs[o + 2] = w * b[2] + x * b[1] - y * b[0] + z * b[3];
    trs[o + 3] = w * b[3] - x * b[0] - y * b[1] - z * b[2];
    return this.world(out);
  }

  /** World matrices from the current local transforms. */
  private world(out: Float64Array): Float64Array {
    const trs = this.trs;
    for (const i of this.order) {
      const o = i * 16;
      composeTRS(trs, i * 10, out, o);
      const p = this.parent[i];
      if (p >= 0) multiplyInPlaceLeft(out, p * 16, o);
    }
    return out;
  }
}

function offsetOf(path: Channel['path']): number {
  return path === 'translation' ? 0 : path === 'rotation' ? 3 : 7;
}

const _m = new Float64Array(16);

/** out[o..] = out[p..] · out[o..]. */
function multiplyInPlaceLeft(out: Float64Array, p: number, o: number): void {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += out[p + k * 4 + r] * out[o + c * 4 + k];
      _m[c * 4 + r] = s;
    }
  }
  out.set(_m, o);
}

/** Column-major matrix of translation t, unit quaternion q, scale s (trs[i..i+10)). */
function composeTRS(trs: Float64Array, i: number, out: Float64Array, o: number): void {
  const [tx, ty, tz, x, y, z, w, sx, sy, sz] = trs.subarray(i, i + 10);
  const n = Math.hypot(x, y, z, w) || 1;
  const qx = x / n;
  const qy = y / n;
  const qz = z / n;
  const qw = w / n;
  out[o] = (1 - 2 * (qy * qy + qz * qz)) * sx;
  out[o + 1] = 2 * (qx * qy + qz * qw) * sx;
  out[o + 2] = 2 * (qx * qz - qy * qw) * sx;
  out[o + 3] = 0;
  out[o + 4] = 2 * (qx * qy - qz * qw) * sy;
  out[o + 5] = (1 - 2 * (qx * qx + qz * qz)) * sy;
  out[o + 6] = 2 * (qy * qz + qx * qw) * sy;
  out[o + 7] = 0;
  out[o + 8] = 2 * (qx * qz + qy * qw) * sz;
  out[o + 9] = 2 * (qy * qz - qx * qw) * sz;
  out[o + 10] = (1 - 2 * (qx * qx + qy * qy)) * sz;
  out[o + 11] = 0;
  out[o + 12] = tx;
  out[o + 13] = ty;
  out[o + 14] = tz;
  out[o + 15] = 1;
}

/** Writes channel `ch` sampled at time `t` into out[o..o+size). */
function sampleChannel(ch: Channel, t: number, out: Float64Array, o: number): void {
  const { times, values, size } = ch;
  const cubic = ch.interpolation === 'CUBICSPLINE';
  const stride = cubic ? size * 3 : size;
  const at = (k: number) => k * stride + (cubic ? size : 0);
  const last = times.length - 1;
  if (t <= times[0] || last === 0) {
    for (let c = 0; c < size; c++) out[o + c] = values[at(0) + c];
    return;
  }
  if (t >= times[last]) {
    for (let c = 0; c < size; c++) out[o + c] = values[at(last) + c];
    return;
  }
  let k = 0;
  while (k < last - 1 && times[k + 1] <= t) k++;
  const t0 = times[k];
  const dt = times[k + 1] - t0;
  const u = dt > 0 ? (t - t0) / dt : 0;
  if (ch.interpolation === 'STEP') {
    for (let c = 0; c < size; c++) out[o + c] = values[at(k) + c];
  } else if (cubic) {
    const u2 = u * u;
    const u3 = u2 * u;
    const h00 = 2 * u3 - 3 * u2 + 1;
    const h10 = u3 - 2 * u2 + u;
    const h01 = -2 * u3 + 3 * u2;
    const h11 = u3 - u2;
    for (let c = 0; c < size; c++) {
      const p0 = values[at(k) + c];
      const m0 = values[k * stride + 2 * size + c] * dt;
      const p1 = values[at(k + 1) + c];
      const m1 = values[(k + 1) * stride + c] * dt;
      out[o + c] = h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1;
    }
  } else if (size === 4) {
    slerp(values, at(k), at(k + 1), u, out, o);
  } else {
    for (let c = 0; c < size; c++) out[o + c] = values[at(k) + c] * (1 - u) + values[at(k + 1) + c] * u;
  }
}

/** Spherical interpolation of quaternions v[a..a+4) and v[b..b+4) (shortest arc). */
function slerp(v: Float32Array, a: number, b: number, u: number, out: Float64Array, o: number): void {
  let dot = v[a] * v[b] + v[a + 1] * v[b + 1] + v[a + 2] * v[b + 2] + v[a + 3] * v[b + 3];
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let s0 = 1 - u;
  let s1 = u;
  if (dot < 0.9995) {
    const theta = Math.acos(Math.min(1, dot));
    const sin = Math.sin(theta);
    s0 = Math.sin((1 - u) * theta) / sin;
    s1 = Math.sin(u * theta) / sin;
  }
  for (let c = 0; c < 4; c++) out[o + c] = s0 * v[a + c] + s1 * sign * v[b + c];
}
