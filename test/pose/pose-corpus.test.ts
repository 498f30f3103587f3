/**
 * Posing every shared model (../shared/models): presets, range of motion and the file's clips
 * give finite positions, dual quaternion too; the crease inspector answers; the bind pose gives the
 * stored mesh back bit for bit, and reset the rest pose as first shown. Skipped with a message when the models are absent.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { restPositions } from '../../src/pose/rest-positions.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

if (!HAVE_SHARED_MODELS) console.warn('pose corpus: ../shared/models is absent; skipped.');

function allFinite(a: Float32Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

describe.skipIf(!HAVE_SHARED_MODELS)('posing the shared models', () => {
  it.each(SHARED_MODEL_FILES.map((m) => [m.name, m.file]))('%s', async (_name, file) => {
    const editor = new Editor();
    const model = await editor.load(readSharedModel(file));
    const pose = editor.pose;
    const check = () => {
      for (const prim of model.primitives) expect(allFinite(pose.positions(prim.id))).toBe(true);
    };
    for (const preset of pose.listPresets()) {
      pose.applyPreset(preset);
      check();
    }
    const rom = pose.rangeOfMotion(null, { secondsPerAxis: 1 });
    for (const t of [0.25, rom.duration / 2, rom.duration]) {
      pose.showClip(rom, t);
      check();
    }
    for (const clip of pose.listClips().slice(0, 3)) {
      pose.sampleClip(clip.index, clip.duration / 3);
      check();
    }
    pose.skinningMode = 'dual-quaternion';
    check();
    const values = pose.distortion();
    for (const v of values) expect(allFinite(v)).toBe(true);
    expect(pose.worstSpots(3).length).toBeLessThanOrEqual(3);
    pose.skinningMode = 'linear';
    pose.resetAll('bind');
    for (const prim of model.primitives) expect(pose.positions(prim.id)).toEqual(prim.positions);
    pose.resetAll();
    expect(pose.posed).toBe(false);
    const rest = restPositions(model);
    for (const prim of model.primitives) expect(pose.positions(prim.id)).toEqual(rest[prim.id]);
  });
});
