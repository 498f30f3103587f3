import { describe, expect, it } from 'vitest';
import { sharedNamePrefix } from '../../app/skeleton/joint-rows.ts';

describe('sharedNamePrefix (the skeleton panel folds it)', () => {
  it('finds the namespace every joint repeats', () => {
    expect(sharedNamePrefix(['mixamorig:Hips', 'mixamorig:Spine', 'mixamorig:LeftArm'])).toBe('mixamorig:');
    expect(sharedNamePrefix(['Armature_Hips', 'Armature_Spine'])).toBe('Armature_');
    expect(sharedNamePrefix(['rig|root', 'rig|spine_01'])).toBe('rig|');
  });
  it('cuts back to a separator and never folds a whole name', () => {
    // "Left" is common but not a namespace: no separator after it.
    expect(sharedNamePrefix(['LeftArm', 'LeftLeg'])).toBe('');
    expect(sharedNamePrefix(['Bip01 Spine', 'Bip01 Spine1', 'Bip01 Head'])).toBe('Bip01 ');
    expect(sharedNamePrefix(['mixamorig:', 'mixamorig:Hips'])).toBe('');
    expect(sharedNamePrefix(['Hips', 'Spine'])).toBe('');
    expect(sharedNamePrefix(['only:one'])).toBe('');
  });
});
