/**
 * A body the fitter cannot fully read without markers (arms reaching ahead: nothing reaches out
 * beside the chest) must not leave the user stuck: the error names the markers to place and
 * carries what could be guessed and the body's frame; placing one side's markers rigs it, the
 * other side mirrored.
 */
import { describe, expect, it } from 'vitest';
import { SHAPED_MANNEQUINS } from '../../../src/character/shaped.ts';
import { type FitResponse, fitCache, handleFitRequest } from '../../../src/skeleton/fit/fit-protocol.ts';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { markersToPlace, NotAHumanoidError } from '../../../src/skeleton/fit/markers.ts';
import { errorOfResponse } from '../../../src/worker/worker-job.ts';
import { artistMarkers, jointErrors, jointsOutside, shapedRigCase } from '../../support/rig-quality.ts';

const ARMS = ['leftWrist', 'leftElbow', 'rightWrist', 'rightElbow'];

describe('markers the mesh does not show', () => {
  const c = shapedRigCase('arms forward', SHAPED_MANNEQUINS['arms forward'], 5000);
  const given = artistMarkers(c);

  it('names the arm markers to place, and keeps the guessed chin, groin and knees and the frame', () => {
    let err: unknown;
    try {
      fitSkeleton(c.mesh);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NotAHumanoidError);
    const e = err as NotAHumanoidError;
    expect([...e.missing].sort()).toEqual([...ARMS].sort());
    expect(e.message).toMatch(
      /found no arms.*place the left wrist, left elbow, right wrist and right elbow markers/,
    );
    expect(Object.keys(e.guessed).sort()).toEqual(['chin', 'groin', 'leftKnee', 'rightKnee']);
    // The guessed knees are near the artist's knees (a guess, not a placeholder).
    const knee = c.artist.positions[c.anatomical.leftKnee];
    const g = e.guessed.leftKnee!;
    expect(Math.hypot(g[0] - knee[0], g[1] - knee[1]) / c.height).toBeLessThan(0.05);
    expect(e.frame?.up[1]).toBeGreaterThan(0.99);
  });

  it('rigs from one side’s arm markers: the other side mirrors, the rest stays guessed', () => {
    const fit = fitSkeleton(c.mesh, {
      markers: { leftWrist: given.leftWrist, leftElbow: given.leftElbow },
    });
    expect(fit.markersFrom.rightWrist).toBe('given');
    expect(fit.markersFrom.chin).toBe('guessed');
    const e = jointErrors(c, fit);
    expect(e.per.leftWrist).toBeLessThan(1.5);
    expect(e.per.rightWrist).toBeLessThan(1.5);
    expect(e.per.rightElbow).toBeLessThan(1.5);
    expect(e.mean).toBeLessThan(1.5);
    expect(jointsOutside(c, fit)).toEqual([]);
  });

  it('sends the markers to place across the worker boundary', () => {
    let response: FitResponse | null = null;
    handleFitRequest(
      { type: 'fit', id: 1, key: 1, mesh: c.mesh, options: {} },
      (m) => (response = m),
      fitCache(),
    );
    const r = response as FitResponse | null;
    expect(r?.type).toBe('error');
    if (r?.type !== 'error') return;
    // Posted as plain data (structured clone keeps no class): rebuilt on the other side.
    const place = markersToPlace(errorOfResponse(structuredClone(r)));
    expect([...(place?.missing ?? [])].sort()).toEqual([...ARMS].sort());
    expect(place?.guessed.chin).toHaveLength(3);
    expect(markersToPlace(new Error('other'))).toBeNull();
  });
});
