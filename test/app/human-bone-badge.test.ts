import { describe, expect, it } from 'vitest';
import { shortHumanBone } from '../../app/vrm/HumanBoneBadge.tsx';

describe('shortHumanBone', () => {
  it('writes the side as L or R so a narrow tree tells the bones apart', () => {
    expect(shortHumanBone('leftUpperArm')).toBe('L upperArm');
    expect(shortHumanBone('rightShoulder')).toBe('R shoulder');
    expect(shortHumanBone('leftThumbMetacarpal')).toBe('L thumbMetacarpal');
  });
  it('leaves bones without a side as they are', () => {
    expect(shortHumanBone('hips')).toBe('hips');
    expect(shortHumanBone('upperChest')).toBe('upperChest');
    expect(shortHumanBone('leftEye')).toBe('L eye');
  });
});
