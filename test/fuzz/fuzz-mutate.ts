import { assemble, type ParsedBase } from './fuzz-glb.ts';
import { accessorEdit, bufferViewEdit, dataEdit, graphEdit } from './fuzz-mutate-gltf.ts';
import { jsonField, type Mutable, type Mutation } from './fuzz-mutate-json.ts';
import type { Rng } from './fuzz-rng.ts';

/** The first mutations work on JSON and BIN; the byte-level ones on the assembled file. */
const STRUCTURED: [Mutation, number][] = [
  [jsonField, 30],
  [accessorEdit, 15],
  [bufferViewEdit, 10],
  [graphEdit, 12],
  [dataEdit, 6],
];

/**
 * One fuzz case from a base: 1–3 structured edits (JSON fields, accessors, buffer views, the
 * node graph, data words), then sometimes a byte-level one (bit flips, truncation, header edits).
 * Deterministic for a given Rng.
 */
export function mutateBase(base: ParsedBase, rng: Rng): { bytes: Uint8Array; steps: string[] } {
  const m: Mutable = { base, json: structuredClone(base.json), bin: base.bin?.slice() };
  const steps: string[] = [];
  const byteLevel = rng.chance(0.3);
  const structured = byteLevel && rng.chance(0.5) ? 0 : 1 + rng.int(3);
  for (let k = 0; k < structured; k++) {
    const mutation = rng.weighted(STRUCTURED);
    try {
      steps.push(mutation(m, rng));
    } catch {
      // An earlier edit left nothing this one can work on (a string where an object was): the
      // fuzzer's own limit, not a finding.
      steps.push(`${mutation.name}: not applicable`);
    }
  }
  let bytes = structured > 0 || !byteLevel ? assemble(base, m.json, m.bin) : originalBytes(base, m);
  if (byteLevel) {
    const kind = rng.weighted([
      ['flip', 55],
      ['truncate', 25],
      ['header', 20],
    ] as const);
    if (kind === 'flip') {
      bytes = bytes.slice();
      const flips = 1 + rng.int(16);
      const inJson = rng.chance(0.35);
      for (let k = 0; k < flips; k++) {
        const at = inJson
          ? base.jsonStart + rng.int(Math.max(1, base.jsonEnd - base.jsonStart))
          : rng.int(bytes.length);
        if (at < bytes.length) bytes[at] ^= 1 << rng.int(8);
      }
      steps.push(`flip ${flips} bits${inJson ? ' in JSON' : ''}`);
    } else if (kind === 'truncate') {
      const at = rng.chance(0.5) ? rng.int(bytes.length) : Math.max(0, bytes.length - 1 - rng.int(16));
      bytes = bytes.slice(0, at);
      steps.push(`truncate at ${at}`);
    } else if (base.kind === 'glb' && bytes.length >= 24) {
      bytes = bytes.slice();
      const dv = new DataView(bytes.buffer);
      const field = rng.pick([4, 8, 12, 16]);
      dv.setUint32(field, rng.pick([0, 1, 3, dv.getUint32(field, true) + 4, 0xffffffff, 0x7fffffff]), true);
      steps.push(`header word ${field}`);
    }
  }
  return { bytes, steps };
}

/** The unedited file (for byte-level-only cases), rebuilt from the parsed base. */
function originalBytes(base: ParsedBase, m: Mutable): Uint8Array {
  return assemble(base, m.json, m.bin);
}
