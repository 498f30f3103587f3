import type { Page } from '@playwright/test';

/** Every skinned primitive's joints and weights (weights as raw 32-bit words: bit for bit). */
export function readAllWeights(page: Page): Promise<{ joints: number[]; words: number[] }[]> {
  return page.evaluate(() =>
    window.skinsmith.editor.requireModel().primitives.map(({ weights: w }) => ({
      joints: [...w.joints],
      words: [...new Uint32Array(w.weights.buffer, w.weights.byteOffset, w.weights.length)],
    })),
  );
}

/**
 * Paints one stroke on the selected joint through the editor (as the viewport does): along
 * vertices of the first skinned primitive, with a radius that surely reaches some of them.
 */
export async function paintStroke(page: Page, joint: string): Promise<void> {
  await page.evaluate((name) => {
    const { editor } = window.skinsmith;
    editor.selectJoint(name);
    const p = editor.requireModel().primitives[0];
    const at = (v: number) => [p.positions[v * 3], p.positions[v * 3 + 1], p.positions[v * 3 + 2]] as const;
    editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.15 });
    const n = p.weights.vertexCount;
    const ok = editor.paint.beginStroke({ primitive: p.id, point: at(Math.floor(n * 0.3)) });
    if (!ok) throw new Error('the stroke was refused');
    for (let i = 1; i <= 8; i++)
      editor.paint.strokeTo({ primitive: p.id, point: at(Math.floor(n * (0.3 + i * 0.02))) });
    editor.paint.endStroke();
  }, joint);
}

/** Waits until autosave has written everything (the session exists and nothing is pending). */
export async function waitForAutosave(page: Page, timeout = 5000): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const s = window.skinsmith.persist.status();
      return s.active && !s.pending && s.savedAt !== null ? s.sessionId : null;
    },
    null,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}
