/**
 * The weight checks' costs on the 300k-vertex mannequin, which decide how the app runs them:
 * - `checks/300k/problems`: the problems list (the app re-checks after edits only while this
 *   stays under 60 ms, else it marks the list stale and waits for Refresh);
 * - `checks/300k/counts`: every vertex's influence count (the count view's full recount; a dab
 *   recounts only its changed range);
 * - `checks/300k/quantize`: the unorm8 preview copy of every primitive (recomputed once edits
 *   settle while the preview is on).
 */
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import type { Benchmark } from './harness.ts';

let editor: Editor | null = null;
/** One editor for the three (the first check builds the skin surfaces, untimed in setup). */
function mannequinEditor(): Editor {
  if (!editor) {
    editor = new Editor();
    editor.loadDocument(mannequinToDocument(buildMannequin({ targetVertices: 300_000 })), 'mannequin.glb');
    editor.tools.checks.problems({ limit: 25 });
  }
  return editor;
}

export function benchmarks(): Benchmark[] {
  let counts = new Uint8Array(0);
  return [
    {
      name: 'checks/300k/problems',
      setup: mannequinEditor,
      fn: () => mannequinEditor().tools.checks.problems({ limit: 25 }),
    },
    {
      name: 'checks/300k/counts',
      setup: () => {
        counts = new Uint8Array(mannequinEditor().requireModel().primitives[0].weights.vertexCount);
      },
      fn: () => mannequinEditor().tools.checks.influenceCounts(0, counts),
    },
    {
      name: 'checks/300k/quantize',
      setup: mannequinEditor,
      fn: () => mannequinEditor().tools.quantizePreview({ bits: 8 }),
    },
  ];
}
