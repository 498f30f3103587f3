/**
 * Test helper: runs the real Khronos glTF-Validator (npm `gltf-validator`) over a minimal skinned
 * glTF holding the given per-vertex influences, and returns the vertices it reports as having a
 * non-normalised weight sum. Used to pin our float32 sum rule to the validator's.
 */
import validator from 'gltf-validator';

/**
 * `joints`/`weights` hold `vertexCount * K` slots (K a multiple of 4; slot s*4+c is component c
 * of set s). Weights are written as FLOAT, or as normalised UNSIGNED_BYTE/SHORT when `unorm`
 * holds the integers (then `weights` is ignored).
 */
export async function validatorSumFailures(
  joints: Uint16Array,
  weights: Float32Array,
  vertexCount: number,
  K: number,
  jointCount: number,
  unorm?: Uint8Array | Uint16Array,
): Promise<{ nonNormalized: Set<number>; codes: Map<string, number> }> {
  const sets = K / 4;
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const add = (bytes: Uint8Array, accessor: object) => {
    const pad = (4 - (offset % 4)) % 4;
    if (pad) {
      chunks.push(new Uint8Array(pad));
      offset += pad;
    }
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength });
    chunks.push(bytes);
    offset += bytes.byteLength;
    accessors.push({ bufferView: bufferViews.length - 1, ...accessor });
    return accessors.length - 1;
  };
  const positions = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) positions[v * 3] = v;
  const attributes: Record<string, number> = {
    POSITION: add(new Uint8Array(positions.buffer), {
      componentType: 5126,
      count: vertexCount,
      type: 'VEC3',
      min: [0, 0, 0],
      max: [Math.max(0, vertexCount - 1), 0, 0],
    }),
  };
  for (let s = 0; s < sets; s++) {
    const j = new Uint16Array(vertexCount * 4);
    for (let v = 0; v < vertexCount; v++)
      for (let c = 0; c < 4; c++) j[v * 4 + c] = joints[v * K + s * 4 + c];
    attributes[`JOINTS_${s}`] = add(new Uint8Array(j.buffer), {
      componentType: 5123,
      count: vertexCount,
      type: 'VEC4',
    });
    let bytes: Uint8Array;
    let componentType: number;
    if (unorm) {
      const q =
        unorm instanceof Uint8Array ? new Uint8Array(vertexCount * 4) : new Uint16Array(vertexCount * 4);
      for (let v = 0; v < vertexCount; v++)
        for (let c = 0; c < 4; c++) q[v * 4 + c] = unorm[v * K + s * 4 + c];
      bytes = new Uint8Array(q.buffer);
      componentType = unorm instanceof Uint8Array ? 5121 : 5123;
    } else {
      const w = new Float32Array(vertexCount * 4);
      for (let v = 0; v < vertexCount; v++)
        for (let c = 0; c < 4; c++) w[v * 4 + c] = weights[v * K + s * 4 + c];
      bytes = new Uint8Array(w.buffer);
      componentType = 5126;
    }
    attributes[`WEIGHTS_${s}`] = add(bytes, {
      componentType,
      count: vertexCount,
      type: 'VEC4',
      ...(unorm ? { normalized: true } : {}),
    });
  }
  const data = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    data.set(c, at);
    at += c.byteLength;
  }
  const jointNodes = Array.from({ length: jointCount }, (_, i) => i + 1);
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0, 1] }],
    nodes: [
      { mesh: 0, skin: 0 },
      ...jointNodes.map((_, i) => (i + 2 <= jointCount ? { children: [i + 2] } : {})),
    ],
    skins: [{ joints: jointNodes }],
    meshes: [{ primitives: [{ attributes }] }],
    buffers: [
      {
        byteLength: offset,
        uri: `data:application/octet-stream;base64,${Buffer.from(data).toString('base64')}`,
      },
    ],
    bufferViews,
    accessors,
  };
  const report = await validator.validateString(JSON.stringify(gltf), { maxIssues: 0 });
  const nonNormalized = new Set<number>();
  const codes = new Map<string, number>();
  for (const m of report.issues.messages as { code: string; message: string }[]) {
    codes.set(m.code, (codes.get(m.code) ?? 0) + 1);
    if (m.code === 'ACCESSOR_WEIGHTS_NON_NORMALIZED') {
      const hit = /at indices (\d+)\.\.(\d+)/.exec(m.message);
      if (hit) nonNormalized.add(Number(hit[1]) / 4);
    }
  }
  return { nonNormalized, codes };
}
