/**
 * Animation keys under a skeleton edit. Clips key local TRS, so when an edit changes a node's
 * local frame, its keys are re-expressed so that each clip keeps its motion:
 *
 * - `premultiplyKeys(C)`: the node's new local is C · old local (a child that keeps its world
 *   when its parent moves or turns, a joint moved in its parent's frame). With C a similarity
 *   (T·R·uniform scale) this is exact for every interpolation: translations map affinely,
 *   rotations are left-multiplied, scales multiplied, and CUBICSPLINE tangents follow linearly.
 * - `rightMultiplyRotationKeys(x)`: the node's frame turned by x in its own space (orient).
 * - `resampleKeys`: the general case (the new parent animates differently from the old one):
 *   each clip's keys at the union of the key times of the channels involved.
 *
 * Channels reach a node through `target.node` or through a KHR_animation_pointer pointer
 * `/nodes/N/translation|rotation|scale` (kept from the source JSON). A channel's sampler and
 * output accessor are rewritten only when no other channel shares them; otherwise the channel
 * gets its own copy first.
 */
import type {
  Accessor,
  Animation,
  AnimationChannel,
  AnimationSampler,
  Document,
  Node,
} from '@gltf-transform/core';
import { editSourceJson, sourceChannelPointer } from '../gltf/export/source-extensions.ts';
import { type ClipChannel, sampleChannel } from '../pose/animation.ts';
import { quatMultiply } from '../pose/quaternion.ts';
import { decompose, isSimilarity, type Mat4, type Quat, type TRS } from './frames.ts';

export type TrsPath = 'translation' | 'rotation' | 'scale';

const PATHS: readonly TrsPath[] = ['translation', 'rotation', 'scale'];

/** A channel that drives one TRS path of a node. */
export interface NodeChannel {
  animation: Animation;
  channel: AnimationChannel;
  node: Node;
  path: TrsPath;
  /** Reached through a KHR_animation_pointer pointer rather than `target.node`. */
  pointer: boolean;
}

const POINTER = /^\/nodes\/(\d+)\/(translation|rotation|scale)$/;

/** Every channel of the document that drives a node's translation, rotation or scale. */
export function listNodeChannels(document: Document): NodeChannel[] {
  const root = document.getRoot();
  const nodes = root.listNodes();
  const out: NodeChannel[] = [];
  root.listAnimations().forEach((animation, a) => {
    animation.listChannels().forEach((channel, c) => {
      const path = channel.getTargetPath() as string | null;
      const node = channel.getTargetNode();
      if (node && PATHS.includes(path as TrsPath)) {
        out.push({ animation, channel, node, path: path as TrsPath, pointer: false });
        return;
      }
      if (path !== 'pointer' || node) return;
      const m = POINTER.exec(sourceChannelPointer(document, a, c) ?? '');
      const target = m ? nodes[Number(m[1])] : undefined;
      if (m && target) out.push({ animation, channel, node: target, path: m[2] as TrsPath, pointer: true });
    });
  });
  return out;
}

/** The channels of `node` (any animation), or of `node` in `animation`. */
export function channelsOf(all: readonly NodeChannel[], node: Node, animation?: Animation): NodeChannel[] {
  return all.filter((c) => c.node === node && (!animation || c.animation === animation));
}

/** A channel's keys as numbers: times, and values (with in/out tangents around each CUBICSPLINE value). */
export interface ChannelKeys {
  times: Float32Array;
  values: Float64Array;
  size: number;
  interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
}

/** Reads a channel's keys (normalised integer outputs are denormalised); null when it has none usable. */
export function readKeys(nc: NodeChannel): ChannelKeys | null {
  const sampler = nc.channel.getSampler();
  const input = sampler?.getInput()?.getArray();
  const output = sampler?.getOutput();
  if (!sampler || !input || !output || input.length === 0) return null;
  const size = nc.path === 'rotation' ? 4 : 3;
  const count = output.getCount();
  const values = new Float64Array(count * size);
  const el: number[] = [];
  for (let k = 0; k < count; k++) {
    output.getElement(k, el);
    for (let c = 0; c < size; c++) values[k * size + c] = el[c];
  }
  const interpolation = sampler.getInterpolation();
  const keys = interpolation === 'CUBICSPLINE' ? Math.floor(count / 3) : count;
  if (keys < input.length) return null;
  return { times: Float32Array.from(input), values, size, interpolation };
}

/** The channel's own sampler (a copy when another channel shares it). */
function ownSampler(document: Document, nc: NodeChannel): AnimationSampler {
  const sampler = nc.channel.getSampler()!;
  const sharers = sampler.listParents().filter((p) => p.propertyType === 'AnimationChannel');
  if (sharers.length <= 1) return sampler;
  const copy = document
    .createAnimationSampler(sampler.getName())
    .setInput(sampler.getInput())
    .setOutput(sampler.getOutput())
    .setInterpolation(sampler.getInterpolation());
  nc.animation.addSampler(copy);
  nc.channel.setSampler(copy);
  return copy;
}

/** Writes new values into the channel's output (float), copying a shared accessor first. */
export function writeValues(document: Document, nc: NodeChannel, values: ArrayLike<number>): void {
  const sampler = ownSampler(document, nc);
  const output = sampler.getOutput()!;
  const array = Float32Array.from(values);
  const users = output.listParents().filter((p) => p.propertyType !== 'Root');
  if (users.length === 1) {
    output.setArray(array).setNormalized(false);
    return;
  }
  const copy = document
    .createAccessor(output.getName())
    .setType(output.getType())
    .setArray(array)
    .setBuffer(output.getBuffer());
  sampler.setOutput(copy);
}

/** Applies `value` to each keyframe value and `tangent` to each CUBICSPLINE tangent, in place. */
function mapKeys(
  keys: ChannelKeys,
  value: (v: Float64Array) => void,
  tangent: (v: Float64Array) => void,
): void {
  const { values, size } = keys;
  const cubic = keys.interpolation === 'CUBICSPLINE';
  const n = values.length / size;
  for (let k = 0; k < n; k++) {
    const v = values.subarray(k * size, k * size + size);
    if (cubic && k % 3 !== 1) tangent(v);
    else value(v);
  }
}

function rotate(q: ArrayLike<number>, v: Float64Array, scale: number): void {
  const [qx, qy, qz, qw] = [q[0], q[1], q[2], q[3]];
  const [vx, vy, vz] = [v[0], v[1], v[2]];
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  v[0] = scale * (vx + qw * tx + qy * tz - qz * ty);
  v[1] = scale * (vy + qw * ty + qz * tx - qx * tz);
  v[2] = scale * (vz + qw * tz + qx * ty - qy * tx);
}

/** How exactly a re-expression holds between keyframes. */
export type KeysOutcome = 'exact' | 'approximate';

/**
 * Re-expresses `channels` (all of one node) for a new local = C · old local. Exact when C is a
 * similarity; otherwise C's nearest T·R·uniform-S is used ('approximate').
 */
export function premultiplyKeys(document: Document, channels: readonly NodeChannel[], C: Mat4): KeysOutcome {
  const exact = isSimilarity(C);
  const { t, r, s } = decompose(C);
  const sigma = (Math.abs(s[0]) + Math.abs(s[1]) + Math.abs(s[2])) / 3;
  for (const nc of channels) {
    const keys = readKeys(nc);
    if (!keys) continue;
    if (nc.path === 'translation')
      mapKeys(
        keys,
        (v) => {
          rotate(r, v, sigma);
          v[0] += t[0];
          v[1] += t[1];
          v[2] += t[2];
        },
        (v) => rotate(r, v, sigma),
      );
    else if (nc.path === 'rotation') {
      const f = (v: Float64Array) => quatMultiply(r, 0, v, 0, v, 0);
      mapKeys(keys, f, f);
    } else {
      const f = (v: Float64Array) => {
        v[0] *= sigma;
        v[1] *= sigma;
        v[2] *= sigma;
      };
      mapKeys(keys, f, f);
    }
    writeValues(document, nc, keys.values);
  }
  return exact ? 'exact' : 'approximate';
}

/** Re-expresses the rotation channels of a node whose frame turned by x in its own space (r' = r · x). */
export function rightMultiplyRotationKeys(
  document: Document,
  channels: readonly NodeChannel[],
  x: Quat,
): void {
  for (const nc of channels) {
    if (nc.path !== 'rotation') continue;
    const keys = readKeys(nc);
    if (!keys) continue;
    const f = (v: Float64Array) => quatMultiply(v, 0, x, 0, v, 0);
    mapKeys(keys, f, f);
    writeValues(document, nc, keys.values);
  }
}

// --- Sampling, for the general (resampled) case ---

const _v = new Float64Array(4);

/** Samples channels' keys; read each channel once (call before rewriting any of them). */
export class KeySampler {
  private readonly cache = new Map<AnimationChannel, (ClipChannel & { size: number }) | null>();

  /** The node's local TRS at time t: `channels` (all of one node, one animation) over `rest`. */
  localAt(channels: readonly NodeChannel[], rest: TRS, t: number): TRS {
    const out: TRS = { t: [...rest.t], r: [...rest.r], s: [...rest.s] };
    for (const nc of channels) {
      const keys = this.keys(nc);
      if (!keys) continue;
      sampleChannel(keys, keys.size, t, _v);
      if (nc.path === 'translation') out.t = [_v[0], _v[1], _v[2]];
      else if (nc.path === 'rotation') out.r = [_v[0], _v[1], _v[2], _v[3]];
      else out.s = [_v[0], _v[1], _v[2]];
    }
    return out;
  }

  private keys(nc: NodeChannel): (ClipChannel & { size: number }) | null {
    if (this.cache.has(nc.channel)) return this.cache.get(nc.channel)!;
    const k = readKeys(nc);
    const clip = k
      ? {
          slot: 0,
          path: nc.path,
          interpolation: k.interpolation,
          times: k.times,
          values: Float32Array.from(k.values),
          size: k.size,
        }
      : null;
    this.cache.set(nc.channel, clip);
    return clip;
  }
}

/** Sorted union of the key times of `channels`. */
export function keyTimes(channels: readonly NodeChannel[]): Float32Array {
  const set = new Set<number>();
  for (const nc of channels) {
    const input = nc.channel.getSampler()?.getInput()?.getArray();
    if (input) for (const t of input) set.add(t);
  }
  return Float32Array.from([...set].sort((a, b) => a - b));
}

/** True when every channel given steps (so resampled keys step too). */
export function allStep(channels: readonly NodeChannel[]): boolean {
  return (
    channels.length > 0 && channels.every((nc) => nc.channel.getSampler()?.getInterpolation() === 'STEP')
  );
}

/**
 * Replaces the node's channels in `animation` by keys at `times` of the local transforms `locals`
 * (one matrix per time): translation, rotation and scale each get a channel where the node had one
 * or where the values leave `rest` (the node's new rest TRS). Rotations are kept on one hemisphere
 * so LINEAR keys slerp the short way.
 */
export function replaceKeys(
  document: Document,
  animation: Animation,
  node: Node,
  existing: readonly NodeChannel[],
  times: Float32Array,
  locals: readonly Mat4[],
  rest: TRS,
  interpolation: 'STEP' | 'LINEAR',
): void {
  const trs = locals.map((m) => decompose(m));
  for (let k = 1; k < trs.length; k++) {
    const a = trs[k - 1].r;
    const b = trs[k].r;
    if (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0) trs[k].r = b.map((c) => -c) as Quat;
  }
  const buffer =
    existing[0]?.channel.getSampler()?.getInput()?.getBuffer() ?? document.getRoot().listBuffers()[0];
  let input: Accessor | null = null;
  for (const path of PATHS) {
    const had = existing.find((c) => c.path === path);
    const pick = (x: TRS) => (path === 'translation' ? x.t : path === 'rotation' ? x.r : x.s);
    const base = pick(rest);
    const moves = trs.some((x) =>
      pick(x).some((v, c) => Math.abs(v - base[c]) > 1e-7 * Math.max(1, Math.abs(base[c]))),
    );
    if (had && !had.pointer) removeChannel(document, had);
    if (!moves && !(had && !had.pointer)) continue;
    if (had?.pointer) {
      // A pointer channel keeps its place (its pointer is kept by index): only its keys change.
      const values = new Float64Array(trs.length * base.length);
      trs.forEach((x, k) => {
        values.set(pick(x), k * base.length);
      });
      const sampler = ownSampler(document, had);
      const oldInput = sampler.getInput();
      const inputCopy = document.createAccessor().setType('SCALAR').setArray(times.slice()).setBuffer(buffer);
      sampler.setInput(inputCopy).setInterpolation(interpolation);
      disposeIfUnused(oldInput);
      writeValues(document, had, values);
      continue;
    }
    input ??= document.createAccessor().setType('SCALAR').setArray(times.slice()).setBuffer(buffer);
    const values = new Float32Array(trs.length * base.length);
    trs.forEach((x, k) => {
      values.set(pick(x), k * base.length);
    });
    const output = document
      .createAccessor()
      .setType(path === 'rotation' ? 'VEC4' : 'VEC3')
      .setArray(values)
      .setBuffer(buffer);
    const sampler = document
      .createAnimationSampler()
      .setInput(input)
      .setOutput(output)
      .setInterpolation(interpolation);
    const channel = document
      .createAnimationChannel()
      .setTargetNode(node)
      .setTargetPath(path)
      .setSampler(sampler);
    animation.addSampler(sampler).addChannel(channel);
  }
}

/**
 * Disposes a channel, and its sampler and accessors once nothing else uses them. The kept source
 * JSON loses the same channel, so channels after it still match theirs by index on export.
 */
export function removeChannel(document: Document, nc: NodeChannel): void {
  const a = document.getRoot().listAnimations().indexOf(nc.animation);
  const c = nc.animation.listChannels().indexOf(nc.channel);
  editSourceJson(document, (json) => {
    const anim = Array.isArray(json.animations)
      ? (json.animations as { channels?: unknown[] }[])[a]
      : undefined;
    if (anim && Array.isArray(anim.channels) && c >= 0) anim.channels.splice(c, 1);
  });
  const sampler = nc.channel.getSampler();
  nc.channel.dispose();
  if (!sampler) return;
  if (sampler.listParents().some((p) => p.propertyType === 'AnimationChannel')) return;
  const input = sampler.getInput();
  const output = sampler.getOutput();
  sampler.dispose();
  for (const a of [input, output]) disposeIfUnused(a);
}

/**
 * Disposes an animation left with no channel (index `index` in the document), with its samplers
 * and the accessors only they used; the kept source JSON loses it too, so later animations still
 * match theirs by index.
 */
export function removeAnimation(document: Document, animation: Animation, index: number): void {
  editSourceJson(document, (json) => {
    if (Array.isArray(json.animations) && index < json.animations.length) json.animations.splice(index, 1);
  });
  const accessors = animation.listSamplers().flatMap((s) => [s.getInput(), s.getOutput()]);
  for (const sampler of animation.listSamplers()) sampler.dispose();
  animation.dispose();
  for (const a of accessors) disposeIfUnused(a);
}

export function disposeIfUnused(accessor: Accessor | null): void {
  if (accessor && !accessor.isDisposed() && accessor.listParents().every((p) => p.propertyType === 'Root'))
    accessor.dispose();
}
