/**
 * What a glTF consumer (three.js, Babylon.js) reads of a file, in a shape both loaders fill, and
 * the comparison of a source's view with its export's: the roundtrip tests' oracle.
 */

/** A file as a loader gets it: a GLB, or a .gltf with its resources by relative path. */
export interface ConsumerFile {
  name: string;
  bytes: Uint8Array;
  resources?: Map<string, Uint8Array>;
}

export interface MeshView {
  name: string;
  skinned: boolean;
  bones: string[];
  /** Each bone's inverse bind matrix, column-major (16 numbers). */
  boneInverses: number[][];
  /** Every vertex attribute but the weights, morph targets and the index, by the loader's names. */
  attributes: Record<string, ArrayLike<number>>;
}

export interface ClipView {
  name: string;
  duration: number;
  tracks: { name: string; times: ArrayLike<number>; values: ArrayLike<number> }[];
}

export interface ConsumerView {
  /** Every object's name, in the loader's traversal order. */
  nodes: string[];
  meshes: MeshView[];
  clips: ClipView[];
  /** Textures as the loader made them: material slot, name, extras, sampler (empty where not loaded). */
  textures: string[];
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>, tolerance = 0): string | null {
  if (a.length !== b.length) return `length ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= tolerance) && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return `[${i}] ${a[i]} vs ${b[i]}`;
  }
  return null;
}

/** Unit-length xyz of a 3- or 4-component vector array (compressed sources' decoded normals are not unit). */
function unitXyz(a: ArrayLike<number>, size: number): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i += size) {
    const l = Math.hypot(a[i], a[i + 1], a[i + 2]) || 1;
    out[i] = a[i] / l;
    out[i + 1] = a[i + 1] / l;
    out[i + 2] = a[i + 2] / l;
    if (size === 4) out[i + 3] = a[i + 3];
  }
  return out;
}

export interface CompareOptions {
  /** Normals and tangents compared as unit vectors within 1e-6 (export makes a compressed source's unit). */
  unitVectors?: boolean;
  /** Names of normal / tangent attributes in this loader, with their component counts. */
  vectorAttributes?: Record<string, number>;
}

/**
 * Differences between what a loader read of the source and of the export, as readable lines
 * (empty: the same): node names and order, bones and their inverses, every attribute but the
 * weights bit for bit, the clips' tracks.
 */
export function compareViews(
  source: ConsumerView,
  exported: ConsumerView,
  options: CompareOptions = {},
): string[] {
  const out: string[] = [];
  if (source.nodes.join('\n') !== exported.nodes.join('\n'))
    out.push(
      `nodes: ${JSON.stringify(source.nodes.slice(0, 8))}… vs ${JSON.stringify(exported.nodes.slice(0, 8))}…`,
    );
  if (source.meshes.length !== exported.meshes.length)
    out.push(`meshes: ${source.meshes.length} vs ${exported.meshes.length}`);
  source.meshes.forEach((m, i) => {
    const e = exported.meshes[i];
    if (!e) return;
    const at = `mesh ${i} (${m.name})`;
    if (m.name !== e.name || m.skinned !== e.skinned) out.push(`${at}: ${e.name} skinned=${e.skinned}`);
    if (m.bones.join() !== e.bones.join()) out.push(`${at} bones: ${m.bones.join()} vs ${e.bones.join()}`);
    m.boneInverses.forEach((ibm, b) => {
      const d = firstDifference(ibm, e.boneInverses[b] ?? []);
      if (d) out.push(`${at} bone inverse ${b}: ${d}`);
    });
    const names = Object.keys(m.attributes).sort();
    if (names.join() !== Object.keys(e.attributes).sort().join())
      out.push(`${at} attributes: ${names.join()} vs ${Object.keys(e.attributes).sort().join()}`);
    for (const name of names) {
      const size = options.vectorAttributes?.[name.split(' ')[0]];
      const a = m.attributes[name];
      const b = e.attributes[name];
      if (!b) continue;
      const d =
        options.unitVectors && size
          ? firstDifference(unitXyz(a, size), unitXyz(b, size), 1e-6)
          : firstDifference(a, b);
      if (d) out.push(`${at} ${name}: ${d}`);
    }
  });
  if (source.textures.join('\n') !== exported.textures.join('\n'))
    out.push(`textures: ${source.textures.join('; ')} vs ${exported.textures.join('; ')}`);
  if (source.clips.length !== exported.clips.length)
    out.push(`clips: ${source.clips.length} vs ${exported.clips.length}`);
  source.clips.forEach((c, i) => {
    const e = exported.clips[i];
    if (!e) return;
    if (c.name !== e.name || c.duration !== e.duration)
      out.push(`clip ${i}: ${c.name} ${c.duration} vs ${e.name} ${e.duration}`);
    if (c.tracks.map((t) => t.name).join() !== e.tracks.map((t) => t.name).join())
      out.push(`clip ${i} track names differ`);
    c.tracks.forEach((t, k) => {
      const f = e.tracks[k];
      if (!f) return;
      const d = firstDifference(t.times, f.times) ?? firstDifference(t.values, f.values);
      if (d) out.push(`clip ${i} track ${t.name}: ${d}`);
    });
  });
  return out;
}

/** Largest distance between corresponding points of two lists of position arrays. */
export function maxPointDistance(a: Float32Array[], b: Float32Array[]): number {
  if (a.length !== b.length) return Infinity;
  let max = 0;
  a.forEach((p, m) => {
    const q = b[m];
    if (q.length !== p.length) max = Infinity;
    else
      for (let i = 0; i < p.length; i += 3)
        max = Math.max(max, Math.hypot(p[i] - q[i], p[i + 1] - q[i + 1], p[i + 2] - q[i + 2]));
  });
  return max;
}

/** Diagonal of the bounding box of a list of position arrays. */
export function diagonalOfPoints(points: Float32Array[]): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of points)
    for (let i = 0; i < p.length; i++) {
      min[i % 3] = Math.min(min[i % 3], p[i]);
      max[i % 3] = Math.max(max[i % 3], p[i]);
    }
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}
