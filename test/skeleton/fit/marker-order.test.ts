/**
 * Markers no standing character has are refused before the fit, naming the marker to move: a
 * chin clicked on a knee folded the spine below the groin and bound most of the body to the head.
 */
import { describe, expect, it } from 'vitest';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { MarkerError } from '../../../src/skeleton/fit/markers.ts';
import { artistMarkers, mannequinRigCase } from '../../support/rig-quality.ts';

describe('markers out of order', () => {
  const c = mannequinRigCase({ build: 'average', pose: 'A' });
  const markers = artistMarkers(c);

  it('refuses a chin below the groin, a knee above it or on the other leg, naming the marker', () => {
    const refused = (given: Partial<typeof markers>, name: string, message: RegExp) => {
      let err: unknown = null;
      try {
        fitSkeleton(c.mesh, { markers: given });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(MarkerError);
      expect((err as MarkerError).marker).toBe(name);
      expect((err as Error).message).toMatch(message);
    };
    refused({ chin: markers.leftKnee }, 'chin', /the chin marker is below the groin marker/);
    refused({ ...markers, leftKnee: markers.chin }, 'leftKnee', /left knee marker is above the groin/);
    refused({ leftKnee: markers.rightKnee }, 'leftKnee', /on the character's right leg/);
  });

  it('fits the markers in order as before', () => {
    expect(() => fitSkeleton(c.mesh, { markers })).not.toThrow();
  });
});
