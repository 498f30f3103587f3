/**
 * Properties of skeleton edits (issue 27, item 7) over random edit sequences, on the mannequin as
 * seven exporters write it and on the shared models (skipped without ../shared; in CI a
 * representative few, all of them under `npm run test:props`): every step is checked by
 * support/checked-edit.ts (mesh kept at rest, weights summed exactly on delete, clips, bind pose);
 * each sequence's export is validated and loses nothing else of the file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { RUN_FACTOR, runs } from '../support/property-runs.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';
import { checkedEdit } from './support/checked-edit.ts';
import { editSeed, materialize } from './support/random-edits.ts';

/** The shared models CI runs (all of them under test:props): multi-skin, many skins, a quadruped, a robot. */
const CI_SHARED = [
  'CesiumMan',
  'Fox',
  'QuaterniusPlatformerCharacter',
  'RecursiveSkeletons',
  'RobotExpressive',
];
const FRESH = RUN_FACTOR > 1;

interface Case {
  name: string;
  bytes: () => Promise<Uint8Array>;
  runs: number;
}

const cases: Case[] = [
  ...EXPORTER_CONVENTIONS.map((c) => ({ name: c, bytes: () => exportedGlb(c, 1500), runs: runs(3) })),
  ...(HAVE_SHARED_MODELS
    ? SHARED_MODEL_FILES.filter((m) => FRESH || CI_SHARED.includes(m.name)).map((m) => ({
        name: m.name,
        bytes: async () => readSharedModel(m.file).bytes,
        runs: runs(1),
      }))
    : []),
];

async function open(name: string, bytes: Uint8Array): Promise<SkinnedModel> {
  return buildSkinnedModel(await readDocument({ name: `${name}.glb`, bytes }));
}

/** Message codes of a validator report, counted. */
function codes(messages: { code: string }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of messages) out.set(m.code, (out.get(m.code) ?? 0) + 1);
  return out;
}

describe.each(cases)('skeleton edits on $name', ({ name, bytes, runs: numRuns }) => {
  it('keep the mesh, the weights and the clips, and export valid files that lose nothing else', async () => {
    const source = await bytes();
    const sourceReport = await validateGltf({ name: `${name}.glb`, bytes: source });
    await fc.assert(
      fc.asyncProperty(fc.array(editSeed(), { minLength: 1, maxLength: 4 }), async (seeds) => {
        let model = await open(name, source);
        const original = model;
        const primitives = original.primitives.map((p) => ({
          mesh: p.meshIndex,
          prim: p.primitiveIndex,
          positions: p.positions.slice(),
        }));
        const materials = original.document.getRoot().listMaterials().length;
        const animations = original.document.getRoot().listAnimations().length;
        let posed = false;
        for (const [k, seed] of seeds.entries()) {
          const edit = materialize(model, seed, k);
          if (!edit) continue;
          posed ||= edit.op === 'bindPose';
          model = checkedEdit(model, edit);
        }
        const result = await exportAndValidate(model, { format: 'glb' }, null);
        // No error the source did not have (LittlestTokyo's clips have their own).
        const sourceErrors = sourceReport.messages.filter((m) => m.severity === 'error').length;
        expect(result.validation.errors).toBeLessThanOrEqual(sourceErrors);
        // No message the source did not have (pointers move with renumbered nodes: codes only).
        const before = codes(sourceReport.messages);
        for (const [code, n] of codes(result.validation.messages))
          expect(n, `${code} (new in the export)`).toBeLessThanOrEqual(before.get(code) ?? 0);
        expect(result.extensions.dropped).toEqual([]);
        // Lossless otherwise: the geometry is the file's (unless a pose became the bind pose).
        const back = buildSkinnedModel(await readDocument({ name: 'back.glb', bytes: result.bytes! }));
        expect(back.primitives.length).toBe(primitives.length);
        if (!posed)
          for (const p of primitives) {
            const q = back.primitives.find((b) => b.meshIndex === p.mesh && b.primitiveIndex === p.prim)!;
            expect(Buffer.from(q.positions.buffer).equals(Buffer.from(p.positions.buffer))).toBe(true);
          }
        expect(back.document.getRoot().listMaterials().length).toBe(materials);
        // Only an animation that moved nothing but a deleted joint may go (and the notes say so).
        const gone = result.editNotes.filter((n) => /it was removed$/.test(n)).length;
        expect(back.document.getRoot().listAnimations().length).toBe(animations - gone);
      }),
      { numRuns },
    );
  }, 600_000);
});
