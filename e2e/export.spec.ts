import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { unzipSync } from 'fflate';
import { MeshoptEncoder } from 'meshoptimizer';
import { validateGltf } from '../src/gltf/validate.ts';
import { exportedAs } from '../test/support/exporter-fixtures.ts';
import {
  downloadFromDialog,
  exportFromDialog,
  loadInPage,
  readWeights,
  weightDifference,
} from './export-helpers.ts';
import { expect, test, waitForModel } from './fixtures.ts';

/** Third-party models are read where they are shared, never copied into the repository. */
const MODELS = join(import.meta.dirname, '..', '..', 'shared', 'models');
const TOKYO = join(MODELS, 'LittlestTokyo', 'LittlestTokyo.glb');

test('Ctrl+E exports a GLB the validator accepts and that reopens with the same weights', async ({
  editor: page,
}) => {
  // An edit first, so the file carries weights the editor made, not only the built-in ones.
  await page.evaluate(() => {
    const { editor } = window.skinsmith;
    editor.selectJoint('LeftArm');
    editor.paint.setSettings({ weight: 0.3 });
    editor.paint.flood();
  });
  expect(await page.evaluate(() => window.skinsmith.editor.hasUnexportedEdits)).toBe(true);
  const before = await readWeights(page);

  await exportFromDialog(page);
  const dialog = page.getByTestId('export-dialog');
  // The result shows before anything is saved: counts, size, histogram.
  await expect(dialog.getByTestId('export-file-name')).toHaveText('Mannequin.glb');
  await expect(dialog.getByTestId('count-errors')).toHaveAttribute('data-value', '0');
  await expect(dialog.getByTestId('export-new-errors')).toHaveCount(0);
  await expect(dialog.getByTestId('influence-histogram').locator('li')).toHaveCount(4);
  const shownSize = Number(await dialog.getByTestId('export-size').getAttribute('data-value'));

  const file = await downloadFromDialog(page);
  expect(file.name).toBe('Mannequin.glb');
  expect(file.bytes.byteLength).toBe(shownSize);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.skinsmith.editor.hasUnexportedEdits)).toBe(false);

  const report = await validateGltf({ name: file.name, bytes: file.bytes });
  expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);

  await loadInPage(page, file.bytes, 'Reopened.glb');
  await waitForModel(page, 'Reopened.glb');
  expect(weightDifference(before, await readWeights(page))).toBeLessThanOrEqual(1e-6);
});

test('a .gltf export downloads as a zip of a loadable, valid folder', async ({ editor: page }) => {
  await exportFromDialog(page, async (p) => {
    await p.getByTestId('export-dialog').getByText('.gltf + .bin + textures').click();
    await p.getByTestId('export-dialog').getByText('unorm16').click();
  });
  const file = await downloadFromDialog(page);
  expect(file.name).toBe('Mannequin.zip');
  const files = new Map(Object.entries(unzipSync(file.bytes)));
  expect([...files.keys()]).toContain('Mannequin.gltf');
  const report = await validateGltf({
    name: 'Mannequin.gltf',
    bytes: files.get('Mannequin.gltf')!,
    resources: files,
  });
  expect(report.errors).toBe(0);
  const json = JSON.parse(new TextDecoder().decode(files.get('Mannequin.gltf')));
  expect(
    json.accessors.some(
      (a: { componentType: number; normalized?: boolean }) => a.componentType === 5123 && a.normalized,
    ),
  ).toBe(true);
});

test('the dialog: Esc closes, a bad prune threshold cannot export, the toolbar opens it', async ({
  editor: page,
}) => {
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  // Keys typed in the dialog stay there: H does not toggle the heat map behind it.
  await page.keyboard.press('h');
  expect((await page.evaluate(() => window.skinsmith.display())).heatmap).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTitle('Export (Ctrl+E)').click();
  await dialog.getByText('Prune weights below').click();
  const threshold = dialog.getByLabel('Prune threshold');
  await threshold.fill('1.5');
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await threshold.fill('0.05');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('count-errors')).toHaveAttribute('data-value', '0', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('window.skinsmith.export returns the bytes and the validation summary', async ({ editor: page }) => {
  const summary = await page.evaluate(async () => {
    const r = await window.skinsmith.export({ maxInfluences: 8, weights: 'unorm8' });
    return {
      fileName: r.fileName,
      size: r.size,
      isBytes: r.bytes instanceof Uint8Array,
      length: r.bytes.byteLength,
      magic: String.fromCharCode(...r.bytes.subarray(0, 4)),
      bins: r.histogram.length,
      errors: r.validation.errors,
      newErrors: r.validation.newErrors,
      unexported: window.skinsmith.editor.hasUnexportedEdits,
    };
  });
  expect(summary).toMatchObject({ fileName: 'Mannequin.glb', isBytes: true, magic: 'glTF', bins: 9 });
  expect(summary).toMatchObject({ errors: 0, newErrors: 0, unexported: false });
  expect(summary.length).toBe(summary.size);
});

test('errors the source already had are listed as inherited (LittlestTokyo)', async ({ editor: page }) => {
  test.skip(!existsSync(TOKYO), `the shared models are not at ${MODELS}`);
  test.setTimeout(180_000);
  await loadInPage(page, new Uint8Array(readFileSync(TOKYO)), 'LittlestTokyo.glb');
  await waitForModel(page, 'LittlestTokyo.glb');
  await exportFromDialog(page);
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-new-errors')).toHaveCount(0);
  const inherited = dialog.getByTestId('messages-inherited');
  await expect(inherited).toContainText('Inherited from the source file');
  await expect(inherited).toContainText('ACCESSOR_ANIMATION_INPUT_NON_INCREASING');
  await expect(dialog.locator('.messages-new .export-message.error')).toHaveCount(0);
});

test('an export with errors of its own says so in red and still downloads', async ({ editor: page }) => {
  // No export has new errors; a stand-in report shows what the user would see if one did.
  await page.evaluate(() => {
    const { editor } = window.skinsmith;
    const real = editor.export.bind(editor);
    editor.export = async (options) => {
      const result = await real(options);
      const bad = {
        code: 'ACCESSOR_WEIGHTS_NON_NORMALIZED',
        severity: 'error' as const,
        pointer: '/meshes/0/primitives/0/attributes/WEIGHTS_0',
        message: 'Weights accessor elements (at indices 0..3) have non-normalized sum: 0.9.',
        origin: 'new' as const,
      };
      const v = result.validation;
      result.validation = { ...v, errors: v.errors + 1, newErrors: 1, messages: [bad, ...v.messages] };
      return result;
    };
  });
  await exportFromDialog(page);
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-new-errors')).toContainText('1 validator error of its own');
  await expect(dialog.getByTestId('count-errors')).toHaveAttribute('data-value', '1');
  await expect(dialog.getByTestId('messages-new')).toContainText('ACCESSOR_WEIGHTS_NON_NORMALIZED');
  const pending = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download anyway' }).click();
  expect((await pending).suggestedFilename()).toBe('Mannequin.glb');
});

test('a meshopt source exports meshopt-compressed again, in the browser, valid and with the same weights', async ({
  editor: page,
}) => {
  await MeshoptEncoder.ready;
  const doc = exportedAs('mesh-node-trs', 2000);
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  const packed = await new WebIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder })
    .writeBinary(doc);
  await loadInPage(page, packed, 'Packed.glb');
  await waitForModel(page, 'Packed.glb');
  const before = await readWeights(page);
  await exportFromDialog(page);
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('count-errors')).toHaveAttribute('data-value', '0');
  await expect(dialog).toContainText('EXT_meshopt_compression again, lossless');
  const file = await downloadFromDialog(page);
  const report = await validateGltf({ name: file.name, bytes: file.bytes });
  expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
  await loadInPage(page, file.bytes, 'Again.glb');
  await waitForModel(page, 'Again.glb');
  expect(weightDifference(before, await readWeights(page))).toBeLessThanOrEqual(1e-6);
});

test('Draco from the dialog: says it re-quantises, encodes in the browser, valid, and reopens', async ({
  editor: page,
}) => {
  const vertices = await page.evaluate(() => window.skinsmith.editor.model!.skinnedVertexCount);
  await exportFromDialog(page, async (p) => {
    const dialog = p.getByTestId('export-dialog');
    await dialog.getByText('Draco', { exact: true }).click();
    await expect(dialog.getByTestId('draco-hint')).toContainText('re-quantises positions');
  });
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toContainText(/Draco: \d+ primitives? re-encoded/);
  const file = await downloadFromDialog(page);
  const jsonLength = new DataView(file.bytes.buffer, file.bytes.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(file.bytes.subarray(20, 20 + jsonLength)));
  expect(json.extensionsRequired).toContain('KHR_draco_mesh_compression');
  const report = await validateGltf({ name: file.name, bytes: file.bytes });
  expect(report.messages.filter((m) => m.severity === 'error')).toEqual([]);
  await loadInPage(page, file.bytes, 'Draco.glb');
  await waitForModel(page, 'Draco.glb');
  // Edgebreaker may split a few vertices along its traversal; the mesh is the same one.
  const again = await page.evaluate(() => window.skinsmith.editor.model!.skinnedVertexCount);
  expect(Math.abs(again - vertices)).toBeLessThanOrEqual(vertices * 0.05);
});
