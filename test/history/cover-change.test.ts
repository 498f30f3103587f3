/**
 * Coverage changes (what a step did to its layer's coverage): the net change of a step's log,
 * and two changes merged, replay as the events did, backwards and forwards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CoverChange,
  coverChangeBytes,
  coverChangeRanges,
  mergeCoverChanges,
  netCoverChange,
} from '../../src/history/cover-change.ts';
import { runs } from '../support/property-runs.ts';

const N = 12;

/** Plays a change on a coverage state (one flag per vertex): forwards as redo, backwards as undo. */
function play(state: boolean[], change: CoverChange | null, forwards: boolean): boolean[] {
  const out = [...state];
  for (const list of change?.values() ?? []) {
    for (const e of list) {
      const v = e >= 0 ? e : ~e;
      out[v] = e >= 0 === forwards;
    }
  }
  return out;
}

/** A step as the layer stack logs it: each event toggles a vertex (covered `v`, uncovered `~v`). */
function runStep(state: boolean[], toggles: number[]): { after: boolean[]; change: CoverChange | null } {
  const after = [...state];
  const log: number[] = [];
  for (const v of toggles) {
    log.push(after[v] ? ~v : v);
    after[v] = !after[v];
  }
  const list = netCoverChange(log, (v) => after[v]);
  return { after, change: list.length ? new Map([[0, list]]) : null };
}

describe('netCoverChange', () => {
  it('keeps what changed over the step: covered then uncovered is nothing', () => {
    // 3 covered, 5 covered then uncovered, 7 uncovered (it was covered), 2 uncovered then covered.
    const state = [false, false, true, false, false, false, false, true];
    const { after, change } = runStep(state, [3, 5, 7, 5, 2, 2]);
    expect([...change!.get(0)!].sort((a, b) => a - b)).toEqual([~7, 3].sort((a, b) => a - b));
    expect(play(state, change, true)).toEqual(after);
    expect(play(after, change, false)).toEqual(state);
  });

  it('counts its bytes and spans the vertices of both signs', () => {
    const change: CoverChange = new Map([[2, Int32Array.from([4, ~9, 6])]]);
    expect(coverChangeBytes(change)).toBe(12);
    expect(coverChangeRanges(change)).toEqual([{ primitive: 2, start: 4, end: 10 }]);
  });
});

describe('mergeCoverChanges', () => {
  it('for any two steps, the merged change replays as both did, in both directions', () => {
    const steps = fc.array(fc.array(fc.integer({ min: 0, max: N - 1 }), { maxLength: 10 }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: N, maxLength: N }), steps, (start, toggles) => {
        let state = start;
        let merged: CoverChange | null = null;
        for (const t of toggles) {
          const { after, change } = runStep(state, t);
          expect(play(state, change, true)).toEqual(after);
          merged = mergeCoverChanges(merged, change);
          state = after;
        }
        expect(play(start, merged, true)).toEqual(state);
        expect(play(state, merged, false)).toEqual(start);
        // Net: each vertex at most once, and only where the state differs.
        const list = [...(merged?.get(0) ?? [])].map((e) => (e >= 0 ? e : ~e));
        expect(new Set(list).size).toBe(list.length);
        expect(list.every((v) => start[v] !== state[v])).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });
});
