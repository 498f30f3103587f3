/**
 * A skeleton edit on the 300k-vertex mannequin, as Skeleton mode makes it and the viewport draws it:
 * - `skeleton/move/300k`: a pivot moved (the elbow, alternating ±2 mm) through editor.skeleton:
 *   the step on a copy of the document, then the viewport's scene of the new model updated in
 *   place (app/viewport/view-scene-update.ts: node transforms, inverse bind matrices, weight
 *   arrays) — beside the same edit with the scene built anew, as every edit was drawn before
 *   (the renderable GLB written and parsed by three's GLTFLoader, the skin attributes bound);
 * - `skeleton/redraw/300k`: the drawing alone — undo and redo of a move, each drawn in place —
 *   beside undo and redo each drawn by a new scene.
 * Node only: no GPU upload or shader work on either side (the page keeps its GPU buffers and
 * materials in place; a new scene uploads everything again).
 */

import { buildViewScene, disposeViewScene, type ViewScene } from '../../app/viewport/view-scene.ts';
import { redrawInPlace } from '../../app/viewport/view-scene-update.ts';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import type { Benchmark } from './harness.ts';

const VERTICES = 300_000;

interface Bed {
  editor: Editor;
  elbow: number;
  at: [number, number, number];
  /** The scene updated in place, and the one rebuilt each time. */
  inPlace: ViewScene;
  rebuilt: ViewScene;
}

let bed: Bed | null = null;
async function setup(): Promise<Bed> {
  if (bed) return bed;
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(buildMannequin({ targetVertices: VERTICES })), 'Mannequin.glb');
  const elbow = editor.resolveJoint('LeftForeArm');
  const at = editor.skeleton.joint(elbow).position;
  const scene = await buildViewScene(editor.requireModel(), await editor.renderBytes());
  bed = { editor, elbow, at, inPlace: scene, rebuilt: scene };
  return bed;
}

let flip = 1;
/** The elbow 2 mm one way, then the other. */
function move(b: Bed): void {
  flip = -flip;
  b.editor.skeleton.move(b.elbow, [b.at[0] + 0.002 * flip, b.at[1], b.at[2]]);
}

let undoing = true;
function undoOrRedo(b: Bed): void {
  if (undoing) b.editor.undo();
  else b.editor.redo();
  undoing = !undoing;
}

function drawInPlace(b: Bed): void {
  const next = redrawInPlace(b.inPlace, b.editor.requireModel());
  if (!next) throw new Error('the in-place redraw refused a move');
  b.inPlace = next;
}

async function drawAnew(b: Bed): Promise<void> {
  const scene = await buildViewScene(b.editor.requireModel(), await b.editor.renderBytes());
  if (b.rebuilt !== b.inPlace) disposeViewScene(b.rebuilt);
  b.rebuilt = scene;
}

export async function benchmarks(): Promise<Benchmark[]> {
  return [
    {
      name: 'skeleton/move/300k',
      setup,
      fn: async () => {
        const b = await setup();
        move(b);
        drawInPlace(b);
      },
      peer: {
        name: 'the same edit, its scene built anew',
        fn: async () => {
          const b = await setup();
          move(b);
          await drawAnew(b);
        },
      },
    },
    {
      name: 'skeleton/redraw/300k',
      setup: async () => {
        const b = await setup();
        move(b);
      },
      fn: async () => {
        const b = await setup();
        undoOrRedo(b);
        drawInPlace(b);
      },
      peer: {
        name: 'undo/redo, the scene built anew',
        fn: async () => {
          const b = await setup();
          undoOrRedo(b);
          await drawAnew(b);
        },
      },
    },
  ];
}
