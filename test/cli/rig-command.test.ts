/**
 * `skinsmith rig`: a static mannequin becomes a skinned, validated file over the humanoid
 * template's joints (with fingers, with markers); bad input exits 2 with one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { validateHere } from '../../src/gltf/validate.ts';
import { fitMeshOfDocument } from '../../src/skeleton/fit/fit-mesh.ts';
import { humanoidTemplate } from '../../src/skeleton/templates/humanoid.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { staticMannequin, staticShaped, variantData } from '../skeleton/support/static-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

let dir: string;
let input: string;
let skinned: string;

async function readModel(path: string) {
  return buildSkinnedModel(await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(path)) }));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-rig-'));
  input = join(dir, 'Static.glb');
  writeFileSync(input, await new WebIO().writeBinary(staticMannequin({ build: 'average', pose: 'A' }, 3000)));
  skinned = join(dir, 'Skinned.glb');
  writeFileSync(
    skinned,
    await new WebIO().writeBinary(mannequinToDocument(buildMannequin({ targetVertices: 1500 }))),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('skinsmith rig', () => {
  it('rigs a static mesh: one skin over the template, every vertex weighted, a clean export, the JSON summary', async () => {
    const out = join(dir, 'rigged.glb');
    const r = await run('rig', input, '-o', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.validation).toMatchObject({ errors: 0, warnings: 0 });
    expect(summary.joints.map((j: { name: string }) => j.name)).toEqual(
      humanoidTemplate(0).map((j) => j.name),
    );
    expect(summary.joints[0]).toMatchObject({ name: 'Hips', parent: null });
    expect(summary.joints[0].position).toHaveLength(3);
    expect(Object.keys(summary.markers).sort()).toEqual([
      'chin',
      'groin',
      'leftElbow',
      'leftKnee',
      'leftWrist',
      'rightElbow',
      'rightKnee',
      'rightWrist',
    ]);
    expect(summary.markers.leftWrist.from).toBe('guessed');
    expect(summary.timeMs.total).toBeGreaterThan(0);
    const model = await readModel(out);
    expect(model.skins).toHaveLength(1);
    expect(model.skinnedVertexCount).toBe(model.vertexCount);
    expect(new Set([...model.joints.values()].map((j) => j.name))).toEqual(
      new Set(humanoidTemplate(0).map((j) => j.name)),
    );
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    // The bind pose is the mesh as given: the file draws where it did.
    const before = fitMeshOfDocument(
      await readDocument({ name: 'in.glb', bytes: new Uint8Array(readFileSync(input)) }),
    );
    expect(Array.from(model.primitives[0].positions)).toEqual(Array.from(before.positions));
    // End joints carry no weight.
    const ends = new Set(
      model.skins[0].joints.flatMap((id, i) => (/_End$/.test(model.joints.get(id)!.name) ? [i] : [])),
    );
    for (const p of model.primitives)
      for (let s = 0; s < p.weights.weights.length; s++)
        if (p.weights.weights[s] > 0) expect(ends.has(p.weights.joints[s])).toBe(false);
  });

  it('takes --fingers and MARKERS.json: the markers given are used, the rest guessed', async () => {
    const data = variantData({ build: 'average', pose: 'A' }, 3000);
    const at = (name: string) => {
      const i = data.jointNames.indexOf(name);
      return [
        data.jointPositions[i * 3],
        data.jointPositions[i * 3 + 1],
        data.jointPositions[i * 3 + 2] + 0.05,
      ];
    };
    const markers = join(dir, 'markers.json');
    writeFileSync(
      markers,
      JSON.stringify({ leftWrist: at('LeftHand'), rightWrist: at('RightHand'), leftKnee: at('LeftLeg') }),
    );
    const out = join(dir, 'fingers.glb');
    const r = await run('rig', input, '-o', out, '--fingers', '3', '--markers', markers);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.fingers).toBe(3);
    expect(summary.markers.leftWrist.from).toBe('given');
    expect(summary.markers.leftElbow.from).toBe('guessed');
    const names = summary.joints.map((j: { name: string }) => j.name);
    expect(names).toContain('LeftHandThumb1');
    expect(names).toContain('RightHandMiddle4');
    expect(names).not.toContain('LeftHandRing1');
    const hand = summary.joints.find((j: { name: string }) => j.name === 'LeftHand').position;
    const truth = at('LeftHand');
    expect(Math.hypot(hand[0] - truth[0], hand[1] - truth[1], hand[2] - (truth[2] - 0.05))).toBeLessThan(
      0.03,
    );
  });

  it('refuses a file with a skin unless --replace, which rigs the mesh as drawn', async () => {
    const out = join(dir, 'replaced.glb');
    const refused = await run('rig', skinned, '-o', out);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/already has a skin; pass --replace/);
    const r = await run('rig', skinned, '-o', out, '--replace');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).replacedSkin).toMatchObject({ skins: 1, joints: 29 });
    const model = await readModel(out);
    expect(model.skins).toHaveLength(1);
    expect([...model.joints.values()][0].name).toBe('Hips');
  });

  it('asks for the markers the mesh does not show, and rigs from one side of them', async () => {
    // Arms lowered and swung ahead: nothing reaches out beside the chest.
    const ahead = join(dir, 'Ahead.glb');
    const document = staticShaped('arms forward', 2500);
    writeFileSync(ahead, await new WebIO().writeBinary(document));
    const out = join(dir, 'ahead-rigged.glb');
    const r = await run('rig', ahead, '-o', out);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /cannot rig Ahead\.glb: found no arms.*place the left wrist, left elbow, right wrist and right elbow markers.*--markers/,
    );
    // The left wrist and elbow on the front of the forearm: the right side mirrors.
    const mesh = fitMeshOfDocument(document);
    // The frontmost vertex near (x, y): where a click in the front view lands.
    const front = (x: number, y: number) => {
      let best = [x, y, -Infinity];
      for (let i = 0; i < mesh.positions.length; i += 3) {
        const p = [mesh.positions[i], mesh.positions[i + 1], mesh.positions[i + 2]];
        if (Math.hypot(p[0] - x, p[1] - y) < 0.02 && p[2] > best[2]) best = p;
      }
      return best;
    };
    const markersPath = join(dir, 'ahead-markers.json');
    writeFileSync(
      markersPath,
      JSON.stringify({ leftWrist: front(0.19, 1.064), leftElbow: front(0.19, 1.248) }),
    );
    const ok = await run('rig', ahead, '-o', out, '--markers', markersPath);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const summary = JSON.parse(ok.stdout);
    expect(summary.markers.rightWrist.from).toBe('given');
    expect(summary.markers.chin.from).toBe('guessed');
    const hand = summary.joints.find((j: { name: string }) => j.name === 'RightHand').position;
    expect(hand[0]).toBeLessThan(-0.1);
  });

  it('removes the group nodes the rig emptied (no NODE_EMPTY), and keeps one the artist left empty', async () => {
    // The body under a placed group: its mesh moves to the scene root, baked; the group is left
    // with nothing. An empty locator was there before the rig: it is the artist's.
    const document = staticMannequin({ build: 'average', pose: 'A' }, 3000);
    const scene = document.getRoot().listScenes()[0];
    const group = document.createNode('Character').setTranslation([4, 0, 0]);
    for (const node of scene.listChildren()) group.addChild(node);
    scene.addChild(group);
    scene.addChild(document.createNode('Locator').setTranslation([0, 2, 0]));
    const grouped = join(dir, 'Grouped.glb');
    writeFileSync(grouped, await new WebIO().writeBinary(document));
    const out = join(dir, 'grouped-rigged.glb');
    const r = await run('rig', grouped, '-o', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const names = (await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(out)) }))
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    expect(names).not.toContain('Character');
    const empty = (await validateHere({ bytes: new Uint8Array(readFileSync(out)) })).messages.filter(
      (m) => m.code === 'NODE_EMPTY',
    );
    expect(empty.map((m) => m.pointer)).toEqual([`/nodes/${names.indexOf('Locator')}`]);
  });

  it('--replace removes the animated group the skin was under once nothing is left on it', async () => {
    // As Mixamo's Y Bot: a root node holding the skinned meshes and the joints, moved by the
    // file's clips. Stripped, it holds nothing and its channels move nothing.
    const document = mannequinToDocument(buildMannequin({ targetVertices: 1500 }));
    const scene = document.getRoot().listScenes()[0];
    const group = document.createNode('YBOT');
    for (const node of scene.listChildren()) group.addChild(node);
    scene.addChild(group);
    const buffer = document.getRoot().listBuffers()[0];
    const sampler = document
      .createAnimationSampler()
      .setInput(
        document
          .createAccessor()
          .setType('SCALAR')
          .setArray(new Float32Array([0, 1]))
          .setBuffer(buffer),
      )
      .setOutput(
        document
          .createAccessor()
          .setType('VEC3')
          .setArray(new Float32Array([0, 0, 0, 0, 0, 1]))
          .setBuffer(buffer),
      );
    document
      .createAnimation('dance')
      .addSampler(sampler)
      .addChannel(
        document
          .createAnimationChannel()
          .setTargetNode(group)
          .setTargetPath('translation')
          .setSampler(sampler),
      );
    const path = join(dir, 'Ybotlike.glb');
    writeFileSync(path, await new WebIO().writeBinary(document));
    const out = join(dir, 'ybotlike-rigged.glb');
    const r = await run('rig', path, '-o', out, '--replace');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).replacedSkin).toMatchObject({ skins: 1, animationsRemoved: 1 });
    const written = await readDocument({ name: 'x.glb', bytes: new Uint8Array(readFileSync(out)) });
    expect(
      written
        .getRoot()
        .listNodes()
        .map((n) => n.getName()),
    ).not.toContain('YBOT');
    expect(written.getRoot().listAnimations()).toEqual([]);
    const report = await validateHere({ bytes: new Uint8Array(readFileSync(out)) });
    expect(report.messages.filter((m) => m.code === 'NODE_EMPTY' || m.severity === 'error')).toEqual([]);
  });

  it('exits 2 with one line for bad options, bad markers and a mesh it cannot rig', async () => {
    const out = join(dir, 'bad.glb');
    const write = (name: string, text: string) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const box = join(dir, 'Box.glb');
    const doc = staticMannequin({ build: 'thin', pose: 'T' }, 1000);
    const boxMesh = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    boxMesh.getAttribute('POSITION')!.setArray(
      Float32Array.from({ length: boxMesh.getAttribute('POSITION')!.getCount() * 3 }, (_, i) => {
        const v = Math.floor(i / 3);
        return ((v * 7919 + (i % 3) * 104729) % 1000) / 1000;
      }),
    );
    writeFileSync(box, await new WebIO().writeBinary(doc));
    const cases: [string[], RegExp][] = [
      [['rig', input, '-o', out, '--fingers', '2'], /--fingers must be 0, 1, 3 or 5/],
      [['rig', input], /missing -o OUT/],
      [['rig', input, '-o', out, '--markers', join(dir, 'nope.json')], /cannot read/],
      [
        ['rig', input, '-o', out, '--markers', write('a.json', '{"chin": [0, 1]}')],
        /chin must be \[x, y, z\]/,
      ],
      [
        ['rig', input, '-o', out, '--markers', write('b.json', '{"nose": [0, 1, 2]}')],
        /unknown marker "nose"/,
      ],
      [['rig', input, '-o', out, '--markers', write('c.json', '[1, 2]')], /must be an object of markers/],
      [['rig', input, '-o', out, '--markers', write('d.json', 'chin')], /is not JSON/],
      [
        ['rig', input, '-o', out, '--markers', write('e.json', '{"leftKnee": [9, 0.5, 0]}')],
        /left knee marker is outside the mesh/,
      ],
      [['rig', box, '-o', out], /cannot rig Box\.glb: no character-like shape|cannot rig Box\.glb: found no/],
      [['rig', join(dir, 'missing.glb'), '-o', out], /cannot read/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), argv.join(' ')).toHaveLength(1);
      expect(r.stderr, argv.join(' ')).toMatch(message);
    }
  });
});
