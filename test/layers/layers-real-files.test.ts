/**
 * Layers on characters shaped like riggers' files — the mannequin as seven exporters write it,
 * and every shared model (skipped when ../shared is absent): the same strokes (Draw, mirrored
 * Add, Smooth) painted flat and on a new layer give the same weights on every primitive, bit
 * for bit, and the same exported file; hiding the layer gives the file's weights back.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from '../support/exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

function allBits(editor: Editor): string[] {
  return editor
    .requireModel()
    .primitives.map(
      (p) => `${Array.from(p.weights.joints)}|${Array.from(new Uint32Array(p.weights.weights.buffer))}`,
    );
}

/** Three strokes along the vertices of the busiest joint's largest primitive. */
function paint(editor: Editor): void {
  const model = editor.requireModel();
  const counts = editor.jointVertexCounts();
  const [joint] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  editor.selectJoint(joint);
  const prim = [...model.primitives].sort((a, b) => b.weights.vertexCount - a.weights.vertexCount)[0];
  const at = editor.pose.positions(prim.id);
  const n = prim.weights.vertexCount;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < n; v++)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], at[v * 3 + k]);
      hi[k] = Math.max(hi[k], at[v * 3 + k]);
    }
  const radius = 0.08 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const point = (v: number) => [at[v * 3], at[v * 3 + 1], at[v * 3 + 2]] as [number, number, number];
  const strokes = [
    { brush: 'draw', weight: 0.4, strength: 0.7, mirror: false },
    { brush: 'add', weight: 0.5, strength: 0.5, mirror: true },
    { brush: 'smooth', weight: 1, strength: 0.8, mirror: false },
  ] as const;
  strokes.forEach((s, k) => {
    editor.paint.setSettings({ ...s, radius });
    const start = Math.floor(n * (0.2 + 0.2 * k));
    if (!editor.paint.beginStroke({ primitive: prim.id, point: point(start) })) return;
    for (let i = 1; i <= 6; i++)
      editor.paint.strokeTo({
        primitive: prim.id,
        point: point(Math.min(n - 1, start + i * Math.ceil(n / 60))),
      });
    editor.paint.endStroke();
  });
}

async function check(name: string, bytes: Uint8Array): Promise<void> {
  const open = async () => {
    const editor = new Editor();
    editor.loadDocument(await readDocument({ name, bytes }), name);
    return editor;
  };
  const flat = await open();
  const layered = await open();
  const base = allBits(layered);
  paint(flat);
  const painted = allBits(flat);
  expect(painted, 'the strokes change weights').not.toEqual(base);
  const id = layered.layers.add('Strokes');
  paint(layered);
  expect(allBits(layered)).toEqual(painted);
  const a = await flat.export();
  const b = await layered.export();
  expect(b.validation.errors).toBe(a.validation.errors);
  expect(Buffer.from(b.bytes!).equals(Buffer.from(a.bytes!)), 'the exported files are the same bytes').toBe(
    true,
  );
  layered.layers.setVisible(id, false);
  expect(allBits(layered)).toEqual(base);
  layered.layers.setVisible(id, true);
  expect(allBits(layered)).toEqual(painted);
}

describe('layers on real files: flat and layered strokes are the same', () => {
  for (const convention of EXPORTER_CONVENTIONS)
    it(convention, async () => {
      await check(`${convention}.glb`, await exportedGlb(convention, 3000));
    });
  for (const model of SHARED_MODEL_FILES)
    it.skipIf(!HAVE_SHARED_MODELS)(model.name, async () => {
      const { name, bytes } = readSharedModel(model.file);
      await check(name, bytes);
    });
});
