/**
 * Opening another file over unsaved work asks first (app/io/open-guard.ts, the dialog's store):
 * nothing unsaved opens at once; Save opens only once the work is saved; Don't save opens;
 * Cancel keeps the work. A second question answers the first Cancel.
 */
import { describe, expect, it } from 'vitest';
import { mainFileName, mayReplace, type OpenGuard, type ReplaceChoice } from '../../app/io/open-guard.ts';
import { askUnsaved, useUnsaved } from '../../app/persist/unsaved-store.ts';

function guard(unsaved: string | null, choice: ReplaceChoice, saves = true) {
  const calls: string[] = [];
  const g: OpenGuard = {
    unsaved: () => unsaved,
    ask: async (current, next) => {
      calls.push(`ask ${current} → ${next}`);
      return choice;
    },
    save: async () => {
      calls.push('save');
      return saves;
    },
  };
  return { g, calls };
}

describe('mayReplace', () => {
  it('opens at once when nothing is unsaved, without asking', async () => {
    const { g, calls } = guard(null, 'cancel');
    expect(await mayReplace('Fox.glb', g)).toBe(true);
    expect(calls).toEqual([]);
  });

  it('asks over unsaved work: Save opens once saved, Don’t save opens, Cancel keeps the work', async () => {
    const save = guard('Mannequin.glb', 'save');
    expect(await mayReplace('Fox.glb', save.g)).toBe(true);
    expect(save.calls).toEqual(['ask Mannequin.glb → Fox.glb', 'save']);
    const failed = guard('Mannequin.glb', 'save', false);
    expect(await mayReplace('Fox.glb', failed.g)).toBe(false);
    const discard = guard('Mannequin.glb', 'discard');
    expect(await mayReplace('Fox.glb', discard.g)).toBe(true);
    expect(discard.calls).toEqual(['ask Mannequin.glb → Fox.glb']);
    const cancel = guard('Mannequin.glb', 'cancel');
    expect(await mayReplace('Fox.glb', cancel.g)).toBe(false);
  });

  it('names the file a set opens under as Open does', () => {
    expect(mainFileName(['Fox.bin', 'Fox.gltf', 'tex.png'])).toBe('Fox.gltf');
    expect(mainFileName(['a.gltf', 'b.glb'])).toBe('b.glb');
    expect(mainFileName(['notes.txt'])).toBe('notes.txt');
  });
});

describe('the dialog’s question', () => {
  it('is on screen until answered; a newer question answers the older Cancel', async () => {
    const first = askUnsaved('Mannequin.glb', 'Fox.glb', true);
    expect(useUnsaved.getState().question).toMatchObject({ current: 'Mannequin.glb', next: 'Fox.glb' });
    const second = askUnsaved('Mannequin.glb', 'Wolf.glb', true);
    expect(await first).toBe('cancel');
    expect(useUnsaved.getState().question?.next).toBe('Wolf.glb');
    useUnsaved.getState().question!.answer('discard');
    expect(await second).toBe('discard');
    expect(useUnsaved.getState().question).toBeNull();
  });
});
