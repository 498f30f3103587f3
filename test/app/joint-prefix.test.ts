import { describe, expect, it } from 'vitest';
import { MAX_INDENT_DEPTH, nameBreaks, rowIndent, sharedNamePrefix } from '../../app/skeleton/joint-rows.ts';

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
    // A number stays with its word: a wrapped finger never leaves its digit alone on a line.
    expect(nameBreaks('LeftHandIndex1')).toEqual(['Left', 'Hand', 'Index1']);
    expect(nameBreaks('mixamorig:RightHandThumb4')).toEqual(['mixamorig:', 'Right', 'Hand', 'Thumb4']);
    expect(nameBreaks('spine_01')).toEqual(['spine_', '01']);
    expect(nameBreaks('Bip01 L Finger0Nub')).toEqual(['Bip01 ', 'L ', 'Finger0Nub']);
    expect(nameBreaks('HEAD')).toEqual(['HEAD']);
    expect(nameBreaks('')).toEqual(['']);
    for (const name of ['LeftHandIndex1', 'a__b', 'x.y.z', 'DEF-upper_arm.L'])
      expect(nameBreaks(name).join('')).toBe(name);
  });
});

describe('rowIndent (the tree leaves deep names room)', () => {
  it('steps 12 px down the spine, half steps below, none past the cap, never back', () => {
    expect([0, 1, 4].map(rowIndent)).toEqual([4, 16, 52]);
    for (let d = 1; d <= MAX_INDENT_DEPTH + 3; d++)
      expect(rowIndent(d)).toBeGreaterThanOrEqual(rowIndent(d - 1));
    expect(rowIndent(MAX_INDENT_DEPTH + 5)).toBe(rowIndent(MAX_INDENT_DEPTH));
  });
  it('a Mixamo fingertip (Hips … LeftHand, Index1 … Index4: depth 12) has room for two words a line', () => {
    // The row: indent, a 14 px twisty, the name, a 40 px count and a 20 px lock, 8 px of padding.
    // "LeftHand" is about 60 px at the tree's 13 px: full 12 px steps left 30 px (a word a line).
    const nameRoom = 260 - rowIndent(12) - 14 - 40 - 20 - 8;
    expect(nameRoom).toBeGreaterThanOrEqual(70);
  });
});
