/**
 * A skeleton edit that keeps every node and vertex (a joint moved, with its children staying or
 * following, turned, renamed, re-parented) is drawn on the scene the viewport already has
 * (app/viewport/view-scene-update.ts), and that scene draws exactly what a scene built anew from
 * the edited model draws: the same skinned positions at rest and posed, the same bone matrices
 * and inverse bind matrices, bit for bit; so does undo. An edit that changes the joints (add)
 * is no such model. On the mannequin as every exporter writes it, and on the multi-skin
 * QuaterniusPlatformerCharacter.
 */
import { describe, expect, it, vi } from 'vitest';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';

// The app's editor singleton, without the workers it is wired to in the page.
vi.mock('../../app/editor-instance.ts', async () => {
  const { Editor } = await import('../../src/editor/editor.ts');
  return { editor: new Editor() };
});

const { editor } = await import('../../app/editor-instance.ts');
const { buildViewScene, disposeViewScene } = await import('../../app/viewport/view-scene.ts');
const { redrawInPlace } = await import('../../app/viewport/view-scene-update.ts');
const { drawnPositions } = await import('../../app/viewport/drawn-positions.ts');
const { poseObjects } = await import('../../app/pose/pose-view.ts');

type Scene = Awaited<ReturnType<typeof buildViewScene>>;

const built: Scene[] = [];
async function fresh(): Promise<Scene> {
  const scene = await buildViewScene(editor.requireModel(), await editor.renderBytes());
  built.push(scene);
  return scene;
}

/** Puts the scene at the file's rest pose (what the loader made) or the editor's pose. */
function showPose(scene: Scene, posed: boolean): void {
  if (posed) {
    poseObjects(scene);
    return;
  }
  for (const [id, v] of scene.rest) {
    const o = scene.nodeObjects.get(id)!;
    o.position.fromArray(v, 0);
    o.quaternion.fromArray(v, 3);
    o.scale.fromArray(v, 7);
  }
  scene.root.updateMatrixWorld(true);
}

/** The in-place scene draws what a new scene of the editor's model draws, at rest and posed. */
async function expectSameAsRebuilt(scene: Scene, what: string): Promise<void> {
  const full = await fresh();
  for (const posed of [false, true]) {
    showPose(scene, posed);
    showPose(full, posed);
    const a = drawnPositions(scene);
    const b = drawnPositions(full);
    expect([...a.keys()], what).toEqual([...b.keys()]);
    for (const [id, positions] of b)
      expect(a.get(id), `${what}: primitive ${id}, posed ${posed}`).toEqual(positions);
  }
  scene.skinned.forEach((s, i) => {
    const t = full.skinned[i];
    expect(s.prim, what).toBe(t.prim);
    expect(
      s.mesh.skeleton.boneInverses.map((m) => m.elements),
      `${what}: IBMs`,
    ).toEqual(t.mesh.skeleton.boneInverses.map((m) => m.elements));
    expect(
      s.mesh.skeleton.bones.map((b) => b.matrixWorld.elements),
      `${what}: bones`,
    ).toEqual(t.mesh.skeleton.bones.map((b) => b.matrixWorld.elements));
    // The GPU draws the editor's weight arrays.
    const attribute = s.mesh.geometry.getAttribute('skinWeight') as unknown as {
      array: Float32Array;
      data?: { array: Float32Array };
    };
    expect((attribute.data ?? attribute).array, what).toBe(s.prim.weights.weights);
  });
  showPose(scene, false);
}

/** Runs `edit`, checks it keeps the shape, redraws in place and compares with a rebuilt scene. */
async function step(scene: Scene, what: string, edit: () => unknown): Promise<Scene> {
  const before = editor.requireModel();
  edit();
  const after = editor.requireModel();
  expect(after, what).not.toBe(before);
  expect(editor.skeleton.sameShape(before, after), `${what}: same shape`).toBe(true);
  const next = redrawInPlace(scene, after);
  expect(next, what).not.toBeNull();
  expect(next!.root).toBe(scene.root);
  await expectSameAsRebuilt(next!, what);
  return next!;
}

async function check(name: string, bytes: Uint8Array): Promise<void> {
  await editor.load({ name, bytes });
  editor.pose.resetAll();
  try {
    let scene = await fresh();
    const joints = editor.skeleton.joints();
    const inner = joints.filter((j) => j.parent >= 0 && j.children.length > 0);
    const joint = inner[Math.floor(inner.length / 2)];
    const branch = inner[inner.length - 1];
    const leaf = joints.find(
      (j) => j.children.length === 0 && j.parent !== joints[0].id && j.id !== joint.id,
    )!;
    const size = Math.hypot(...joint.position) + 1;
    const at = (j: { position: readonly number[] }, d: number) =>
      [j.position[0] + d * size, j.position[1] - d * size, j.position[2] + d * size] as [
        number,
        number,
        number,
      ];

    scene = await step(scene, `${name}: move`, () => editor.skeleton.move(joint.id, at(joint, 0.01)));
    scene = await step(scene, `${name}: move, children follow`, () =>
      editor.skeleton.move(branch.id, at(branch, -0.02), { children: 'follow' }),
    );
    scene = await step(scene, `${name}: orient`, () =>
      editor.skeleton.orient(joint.id, [0.2, -0.1, 0.3, Math.sqrt(1 - 0.14)]),
    );
    scene = await step(scene, `${name}: roll`, () => editor.skeleton.roll(joint.id, 30));
    scene = await step(scene, `${name}: rename`, () => editor.skeleton.rename(joint.id, 'Pivot_renamed'));
    scene = await step(scene, `${name}: re-parent`, () => editor.skeleton.reparent(leaf.id, joints[0].id));
    // Undo all, one step at a time: each model drawn in place again.
    for (let k = 0; k < 6; k++) {
      const before = editor.requireModel();
      expect(editor.undo()).toBe(true);
      expect(editor.skeleton.sameShape(before, editor.requireModel())).toBe(true);
      scene = redrawInPlace(scene, editor.requireModel())!;
      await expectSameAsRebuilt(scene, `${name}: undo ${k + 1}`);
    }
    // A posed model: the pose the editor computes is the one drawn after an in-place redraw.
    editor.pose.setJointRotation(joint.id, [0, 30, 50]);
    scene = await step(scene, `${name}: move while posed`, () =>
      editor.skeleton.move(joint.id, at(joint, 0.02)),
    );
    // A joint added changes the skins: no in-place redraw.
    const before = editor.requireModel();
    editor.skeleton.add(joint.id, at(joint, 0.05), 'Added');
    expect(editor.skeleton.sameShape(before, editor.requireModel())).toBe(false);
  } finally {
    for (const s of built.splice(0)) disposeViewScene(s);
  }
}

describe('a skeleton edit drawn in place draws what a rebuilt scene draws', () => {
  for (const convention of EXPORTER_CONVENTIONS)
    it(`on the mannequin as ${convention} writes it`, async () => {
      await check(`${convention}.glb`, await exportedGlb(convention, 1200));
    });

  it.skipIf(!HAVE_SHARED_MODELS)('on QuaterniusPlatformerCharacter (four skins, one skeleton)', async () => {
    const { name, bytes } = readSharedModel('QuaterniusPlatformerCharacter/Character.glb');
    await check(name, bytes);
  });
});
