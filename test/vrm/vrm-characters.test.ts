/**
 * Characters turned into VRM avatars in the test setup (test/support/vrm-characters.ts): the
 * mannequin as every exporter writes it, and the shared characters whose joints make a humanoid
 * (../shared/models; skipped where absent, and each character that is no humanoid with its
 * reason), as VRM 1.0 and 0.x, through export and skeleton edits: every VRM extension comes back
 * byte for byte when nothing touched it, and after edits checkVrm is clean, the human bones name
 * the same joints and the spring the same joints less the deleted one.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile } from '../../src/cli/read-input-file.ts';
import { Editor } from '../../src/editor/editor.ts';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, SHARED_MODEL_FILES, SHARED_MODELS } from '../support/shared-models.ts';
import { type CharacterVrm, characterAsVrm } from '../support/vrm-characters.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;
type Converted = Exclude<CharacterVrm, { skipped: string }>;

const VERSIONS = ['1.0', '0.x'] as const;

/** Node extensions by node name, as text (what export writes back where nothing changed them). */
const nodeExtensions = (j: Json) =>
  Object.fromEntries(
    j.nodes.flatMap((n: Json) => (n.extensions ? [[n.name, JSON.stringify(n.extensions)]] : [])),
  );

/** Names of the spring's joints as written (root first; 0.x: its chains' roots). */
function springNames(j: Json): string[] {
  const name = (i: number) => j.nodes[i].name;
  if (j.extensions.VRMC_springBone)
    return (j.extensions.VRMC_springBone.springs as Json[]).flatMap((s) =>
      s.joints.map((x: Json) => name(x.node)),
    );
  return (j.extensions.VRM.secondaryAnimation.boneGroups as Json[]).flatMap((g) => g.bones.map(name));
}

async function roundTrip(name: string, vrm: Converted, version: '1.0' | '0.x') {
  const editor = new Editor();
  await editor.load({ name: `${name}.vrm`, bytes: vrm.bytes });
  expect(editor.vrm?.version).toBe(version);
  const source = readGltfJson('in.vrm', vrm.bytes) as Json;
  const write = async () => {
    const result = await editor.export({ format: 'vrm' });
    expect(result.validation.newErrors, name).toBe(0);
    expect(result.extensions.dropped, name).toEqual([]);
    return readGltfJson(result.fileName, result.bytes!) as Json;
  };

  // 1. Nothing edited: every VRM extension as it was.
  const plain = await write();
  expect(JSON.stringify(plain.extensions), name).toBe(JSON.stringify(source.extensions));
  expect(nodeExtensions(plain), name).toEqual(nodeExtensions(source));
  expect(checkVrm(plain), name).toEqual([]);

  // 2. Skeleton edits: a joint added under the head and re-parented, the spring's tip deleted.
  const head = vrm.bones.head;
  editor.skeleton.add(head, [0, 0, 0], 'VrmTestTip');
  editor.skeleton.reparent('VrmTestTip', vrm.bones.neck ?? vrm.bones.hips);
  const tip = vrm.spring.at(-1);
  if (tip) editor.skeleton.delete(tip);
  const edited = await write();
  expect(checkVrm(edited), name).toEqual([]);
  const bones = Object.fromEntries(
    [...readVrm(edited)!.humanBones].map(([b, n]) => [b, edited.nodes[n].name]),
  );
  expect(bones, name).toEqual(vrm.bones);
  expect(springNames(edited), name).toEqual(
    version === '1.0' ? vrm.spring.slice(0, -1) : vrm.spring.length > 1 ? [vrm.spring[1]] : [],
  );
  // Undo: the file as it was.
  editor.undo();
  editor.undo();
  if (tip) editor.undo();
  expect(JSON.stringify((await write()).extensions), name).toBe(JSON.stringify(source.extensions));
}

describe.each(VERSIONS)('the mannequin of every exporter convention as VRM %s', (version) => {
  it.each(EXPORTER_CONVENTIONS)(
    '%s: converted, exported and edited with every VRM index right',
    async (convention) => {
      const vrm = await characterAsVrm(await exportedGlb(convention, 1500), convention, version);
      if ('skipped' in vrm) throw new Error(vrm.skipped);
      expect(vrm.spring.length).toBeGreaterThan(0);
      await roundTrip(convention, vrm, version);
    },
  );
});

describe.skipIf(!HAVE_SHARED_MODELS)('the shared characters as VRM avatars', () => {
  it.each(VERSIONS)(
    'VRM %s: each humanoid converted and round-tripped, the others skipped with the reason',
    async (version) => {
      const converted: string[] = [];
      for (const model of SHARED_MODEL_FILES) {
        const input = readInputFile(join(SHARED_MODELS, model.file), { lenient: true });
        const vrm = await characterAsVrm(input.bytes, model.name, version);
        if ('skipped' in vrm) {
          console.info(`VRM ${version}: skipped ${vrm.skipped}`);
          continue;
        }
        await roundTrip(model.name, vrm, version);
        converted.push(model.name);
      }
      console.info(`VRM ${version}: round-tripped ${converted.join(', ')}`);
      // The default folder holds humanoids (RiggedFigure, CesiumMan…); a folder of one's own may not.
      if (!process.env.SKINSMITH_MODELS_DIR) expect(converted.length).toBeGreaterThanOrEqual(2);
    },
  );
});
