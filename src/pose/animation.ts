/**
 * The file's animations as clips that sample into a Pose, so a paused frame is a pose like any
 * other (painting, the crease inspector and the CPU picking all work on it). Translation,
 * rotation and scale channels on skeleton nodes are sampled with STEP, LINEAR (rotations by
 * slerp, shortest arc) and CUBICSPLINE (Hermite, as the glTF spec writes it; rotations
 * normalised after); morph-weight channels and channels on other nodes are left out.
 *
 * A sampled pose uses the rest basis: a clip replaces its nodes' TRS, and nodes it does not
 * animate keep their own transforms, as three.js' AnimationMixer leaves them.
 */
import type { Document } from '@gltf-transform/core';
import type { Pose } from './pose.ts';
import { quatMultiply, quatNormalize, quatSlerp } from './quaternion.ts';
import type { Skeleton } from './skeleton.ts';

type Path = 'translation' | 'rotation' | 'scale';

/** One sampled channel of a clip. */
export interface ClipChannel {
  /** Skeleton slot it drives. */
  slot: number;
  path: Path;
  interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
  times: Float32Array;
  /** Keyframe values (with in/out tangents around each value for CUBICSPLINE). */
  values: Float32Array;
}

/** Something that poses the skeleton over time: a file clip or a generated one. */
export interface PoseClip {
  name: string;
  /** Seconds; time runs from 0 to duration. */
  duration: number;
  /** Writes the pose at time t (clamped to the clip) into `pose`. */
  sample(t: number, pose: Pose): void;
}

/** A clip of the file. */
export interface AnimationClip extends PoseClip {
  /** Index in the document's animations. */
  index: number;
  /** First keyframe time (glTF clips may start after 0). */
  start: number;
  channels: ClipChannel[];
}

/** The document's animations as clips over `skeleton` (a clip with no usable channel is kept, empty). */
export function readClips(document: Document, skeleton: Skeleton): AnimationClip[] {
  const nodes = document.getRoot().listNodes();
  const indexOf = new Map(nodes.map((n, i) => [n, i]));
  return document
    .getRoot()
    .listAnimations()
    .map((anim, index) => {
      const channels: ClipChannel[] = [];
      let start = Number.POSITIVE_INFINITY;
      let end = 0;
      for (const ch of anim.listChannels()) {
        const path = ch.getTargetPath();
        const node = ch.getTargetNode();
        const sampler = ch.getSampler();
        if (!node || !sampler || (path !== 'translation' && path !== 'rotation' && path !== 'scale'))
          continue;
        const slot = skeleton.slotOf(indexOf.get(node) ?? -1);
        const input = sampler.getInput()?.getArray();
        const output = sampler.getOutput();
        if (slot < 0 || !input || input.length === 0 || !output) continue;
        const interpolation = sampler.getInterpolation();
        const size = path === 'rotation' ? 4 : 3;
        const values = new Float32Array(output.getCount() * size);
        const el: number[] = [];
        // getElement denormalises normalised integer rotations (KHR_mesh_quantization).
        for (let k = 0; k < output.getCount(); k++)
          values.set(output.getElement(k, el).slice(0, size), k * size);
        const times = Float32Array.from(input);
        const keys =
          interpolation === 'CUBICSPLINE' ? Math.floor(values.length / (3 * size)) : values.length / size;
        if (keys < times.length) continue; // too few values for its keyframes: malformed, skipped
        start = Math.min(start, times[0]);
        end = Math.max(end, times[times.length - 1]);
        channels.push({ slot, path, interpolation, times, values });
      }
      const clip: AnimationClip = {
        name: anim.getName() || `Animation ${index}`,
        index,
        start: Number.isFinite(start) ? start : 0,
        duration: end,
        channels,
        sample: (t, pose) => sampleClip(skeleton, clip, t, pose),
      };
      return clip;
    });
}

const _v = new Float64Array(4);
const _inv = new Float64Array(4);

/** Sets `pose` (rest basis) to clip `clip` at time t; nodes the clip does not drive are at rest. */
export function sampleClip(skeleton: Skeleton, clip: AnimationClip, t: number, pose: Pose): void {
  pose.reset('rest');
  const rest = skeleton.rest.trs;
  for (const ch of clip.channels) {
    const size = ch.path === 'rotation' ? 4 : 3;
    sampleChannel(ch, size, t, _v);
    const s = ch.slot;
    if (ch.path === 'rotation') {
      // The pose holds an offset on the rest rotation: q = R_rest^-1 · R_anim.
      _inv[0] = -rest[s * 10 + 3];
      _inv[1] = -rest[s * 10 + 4];
      _inv[2] = -rest[s * 10 + 5];
      _inv[3] = rest[s * 10 + 6];
      quatNormalize(_inv, 0);
      quatMultiply(_inv, 0, _v, 0, pose.rotations, s * 4);
    } else {
      const out = ch.path === 'translation' ? pose.translations : pose.scales;
      out[s * 3] = _v[0];
      out[s * 3 + 1] = _v[1];
      out[s * 3 + 2] = _v[2];
    }
  }
}

/** Channel `ch` at time t into out[0..size). Does not allocate. */
export function sampleChannel(ch: ClipChannel, size: number, t: number, out: Float64Array): void {
  const { times, values } = ch;
  const cubic = ch.interpolation === 'CUBICSPLINE';
  const stride = cubic ? size * 3 : size;
  const valueAt = cubic ? size : 0; // [in-tangent, value, out-tangent] per cubic keyframe
  const last = times.length - 1;
  if (!(t > times[0]) || last === 0) {
    copy(values, valueAt, size, out);
  } else if (t >= times[last]) {
    copy(values, last * stride + valueAt, size, out);
  } else {
    // Binary search for the keyframe k with times[k] ≤ t < times[k + 1].
    let lo = 0;
    let hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= t) lo = mid;
      else hi = mid;
    }
    const k = lo;
    const dt = times[k + 1] - times[k];
    const u = dt > 0 ? (t - times[k]) / dt : 0;
    const a = k * stride + valueAt;
    const b = (k + 1) * stride + valueAt;
    if (ch.interpolation === 'STEP') copy(values, a, size, out);
    else if (cubic) {
      const u2 = u * u;
      const u3 = u2 * u;
      const h00 = 2 * u3 - 3 * u2 + 1;
      const h10 = u3 - 2 * u2 + u;
      const h01 = -2 * u3 + 3 * u2;
      const h11 = u3 - u2;
      for (let c = 0; c < size; c++) {
        const outTangent = values[k * stride + 2 * size + c] * dt;
        const inTangent = values[(k + 1) * stride + c] * dt;
        out[c] = h00 * values[a + c] + h10 * outTangent + h01 * values[b + c] + h11 * inTangent;
      }
    } else if (size === 4) quatSlerp(values, a, values, b, u, out, 0);
    else for (let c = 0; c < size; c++) out[c] = values[a + c] * (1 - u) + values[b + c] * u;
  }
  if (size === 4) quatNormalize(out, 0);
}

function copy(values: Float32Array, at: number, size: number, out: Float64Array): void {
  for (let c = 0; c < size; c++) out[c] = values[at + c];
}
