import { describe, expect, it } from 'vitest';
import { compareWithSource, isOwnedMessage } from '../../src/gltf/export/compare-with-source.ts';
import type { ValidationMessage, ValidationReport } from '../../src/gltf/validate.ts';

function report(messages: ValidationMessage[]): ValidationReport {
  const count = (s: string) => messages.filter((m) => m.severity === s).length;
  return {
    validatorVersion: 'test',
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
    hints: count('hint'),
    messages,
  };
}

const err = (code: string, pointer: string): ValidationMessage => ({
  code,
  severity: 'error',
  pointer,
  message: code,
});

describe('compareWithSource', () => {
  const animation = err('ACCESSOR_ANIMATION_INPUT_NON_INCREASING', '/animations/0/samplers/2/input');
  const skeleton = err('SKIN_SKELETON_INVALID', '/skins/0/skeleton');
  const weights = err('ACCESSOR_WEIGHTS_NON_NORMALIZED', '/meshes/0/primitives/0/attributes/WEIGHTS_0');

  it('marks errors the source had at the same place, outside what the editor owns, as inherited', () => {
    const compared = compareWithSource(report([animation, skeleton]), report([animation]));
    expect(compared.messages[0].origin).toBe('inherited');
    expect(compared.inheritedErrors).toBe(1);
    expect(compared.newErrors).toBe(0);
  });

  it('never inherits skin, joint or weight errors, even when the source had them', () => {
    const compared = compareWithSource(report([skeleton, weights]), report([skeleton, weights]));
    expect(compared.messages.map((m) => m.origin)).toEqual(['new', 'new']);
    expect(compared.newErrors).toBe(2);
  });

  it('counts an error at another place, or with no source, as new', () => {
    const elsewhere = { ...animation, pointer: '/animations/0/samplers/3/input' };
    expect(compareWithSource(report([animation]), report([elsewhere])).newErrors).toBe(1);
    expect(compareWithSource(null, report([animation])).newErrors).toBe(1);
  });

  it('knows what the editor owns', () => {
    expect(isOwnedMessage(skeleton)).toBe(true);
    expect(isOwnedMessage(weights)).toBe(true);
    expect(isOwnedMessage(err('MESH_PRIMITIVE_JOINTS_WEIGHTS_MISMATCH', '/meshes/0/primitives/0'))).toBe(
      true,
    );
    expect(isOwnedMessage(err('ACCESSOR_MIN_MISMATCH', '/meshes/0/primitives/0/attributes/JOINTS_1'))).toBe(
      true,
    );
    expect(isOwnedMessage(animation)).toBe(false);
  });
});
