/**
 * What you see is what you paint (invariant 5 of DESIGN.md), in Chromium: for the mannequin as
 * seven exporters write it and for every shared model, in the rest pose, the bind pose, a test
 * pose and a clip frame, the editor's paint surface equals
 *
 * - what the app's own three.js scene draws (SkinnedMesh.applyBoneTransform), and
 * - what plain three.js draws for the same file (GLTFLoader, AnimationMixer, Skeleton.pose) on a
 *   page that shares no code with the app (e2e/oracle),
 *
 * within 1e-5 of the bounding-box diagonal. Shared models are skipped with a message when
 * ../shared is absent; the fixtures always run.
 */
import type { Page } from '@playwright/test';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../test/support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../test/support/shared-models.ts';
import { diagonalOf, maxDistance } from '../test/support/skinning-oracle.ts';
import { loadInPage } from './export-helpers.ts';
import { expect, test } from './fixtures.ts';
import { inMatrix, OUT_OF_SCOPE } from './matrix-scope.ts';
import {
  type OraclePrimitive,
  type OracleSpec,
  openOracle,
  oracleLoad,
  oraclePositions,
} from './oracle-page.ts';

type Quat = [number, number, number, number];

interface Shown {
  primitive: number;
  meshIndex: number;
  primitiveIndex: number;
  skin: number;
  surface: number[];
  drawn: number[];
}

/** Joints to bend for the test pose: the most weighted joints and their parents. */
async function testPose(page: Page): Promise<[number, Quat][]> {
  const joints = await page.evaluate(() => window.skinsmith.joints());
  const ranked = [...joints].sort((a, b) => b.vertexCount - a.vertexCount).slice(0, 3);
  const ids = new Set<number>();
  for (const j of ranked) {
    ids.add(j.id);
    if (j.parent >= 0) ids.add(j.parent);
  }
  return [...ids].map((id, k) => {
    const angle = 0.6 + 0.25 * k;
    const axis = [Math.sin(k + 1), Math.cos(k + 1), 0.4];
    const l = Math.hypot(...axis);
    const s = Math.sin(angle / 2) / l;
    return [id, [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)]];
  });
}

async function compare(app: Page, oracle: Page, spec: OracleSpec, label: string): Promise<number> {
  await app.bringToFront(); // a page behind the oracle's gets its frames throttled
  await app.evaluate(async () => {
    await window.skinsmith.frame();
    await window.skinsmith.frame();
  });
  const shown: Shown[] = await app.evaluate(() => window.skinsmith.shownMesh());
  const drawn: OraclePrimitive[] = await oraclePositions(oracle, spec);
  const diag = diagonalOf(drawn.map((d) => d.positions));
  let compared = 0;
  for (const s of shown) {
    expect(s.drawn.length, `${label}: the viewport draws primitive ${s.primitive}`).toBe(s.surface.length);
    expect(
      maxDistance(s.surface, s.drawn) / diag,
      `${label}: primitive ${s.primitive}, app scene`,
    ).toBeLessThan(1e-5);
    const o = drawn.find(
      (d) => d.meshIndex === s.meshIndex && d.primitiveIndex === s.primitiveIndex && d.skin === s.skin,
    );
    if (!o) continue;
    compared++;
    expect(
      maxDistance(s.surface, o.positions) / diag,
      `${label}: primitive ${s.primitive}, plain three.js`,
    ).toBeLessThan(1e-5);
  }
  expect(compared, `${label}: primitives compared with plain three.js`).toBeGreaterThan(0);
  return compared;
}

async function checkModel(app: Page, name: string, bytes: Uint8Array, hasClip = false): Promise<void> {
  const oracle = await openOracle(app.context(), new URL(app.url()).origin);
  await oracleLoad(oracle, bytes);
  await app.bringToFront();
  await loadInPage(app, bytes, name);
  await compare(app, oracle, { kind: 'rest' }, `${name}, rest pose`);

  await app.evaluate(() => window.skinsmith.editor.pose.resetAll('bind'));
  await expect(app.getByTestId('shown-pose')).toHaveAttribute('data-shown', 'bind');
  await compare(app, oracle, { kind: 'bind' }, `${name}, bind pose`);

  await app.evaluate(() => window.skinsmith.editor.pose.resetAll('rest'));
  const pose = await testPose(app);
  await app.evaluate((p) => {
    for (const [id, q] of p) window.skinsmith.editor.pose.setJointQuaternion(id, q);
  }, pose);
  await expect(app.getByTestId('shown-pose')).toHaveAttribute('data-shown', 'posed');
  await compare(
    app,
    oracle,
    {
      kind: 'pose',
      rotations: pose.map(([id, q]) => [id, ...q] as [number, number, number, number, number]),
    },
    `${name}, test pose`,
  );

  const clips = await app.evaluate(() => window.skinsmith.pose.clips());
  if (hasClip) expect(clips.length, `${name} has its clip`).toBeGreaterThan(0);
  if (clips.length > 0) {
    const time = clips[0].duration * 0.37;
    await app.evaluate((t) => window.skinsmith.editor.pose.sampleClip(0, t), time);
    await compare(
      app,
      oracle,
      { kind: 'clip', index: 0, time },
      `${name}, clip "${clips[0].name}" at ${time.toFixed(3)} s`,
    );
  }
  await app.evaluate(() => window.skinsmith.editor.pose.resetAll());
  await oracle.close();
}

test.describe('the surface is what three.js draws', () => {
  test.setTimeout(120_000);

  test('on the mannequin as seven exporters write it', async ({ editor }) => {
    for (const convention of EXPORTER_CONVENTIONS)
      await checkModel(editor, `${convention}.glb`, await exportedGlb(convention, 1500), true);
  });

  for (const model of SHARED_MODEL_FILES) {
    test(`on ${model.name}`, async ({ editor }) => {
      test.skip(!HAVE_SHARED_MODELS, '../shared/models is absent');
      test.skip(!inMatrix(model.name), OUT_OF_SCOPE);
      const { name, bytes } = readSharedModel(model.file);
      await checkModel(editor, name, bytes);
    });
  }
});
