import { describe, expect, it } from 'vitest';
import { nameBreaks, sharedNamePrefix } from '../../app/skeleton/joint-rows.ts';

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

describe('nameBreaks (where a long joint name wraps in the tree)', () => {
  it('cuts camelCase words, numbers and separators, and joins back to the name', () => {
    expect(nameBreaks('LeftHandIndex1')).toEqual(['Left', 'Hand', 'Index', '1']);
    expect(nameBreaks('mixamorig:RightHandThumb4')).toEqual(['mixamorig:', 'Right', 'Hand', 'Thumb', '4']);
    expect(nameBreaks('spine_01')).toEqual(['spine_', '01']);
    expect(nameBreaks('Bip01 L Finger0Nub')).toEqual(['Bip', '01 ', 'L ', 'Finger', '0Nub']);
    expect(nameBreaks('HEAD')).toEqual(['HEAD']);
    expect(nameBreaks('')).toEqual(['']);
    for (const name of ['LeftHandIndex1', 'a__b', 'x.y.z', 'DEF-upper_arm.L'])
      expect(nameBreaks(name).join('')).toBe(name);
  });
});
