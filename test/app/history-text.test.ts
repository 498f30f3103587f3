/** The restore list's line about the undo history (app/persist/history-text.ts). */
import { describe, expect, it } from 'vitest';
import { historyText } from '../../app/persist/history-text.ts';

describe('historyText', () => {
  it('says how many steps undo and redo bring back, and where undo stops', () => {
    expect(historyText({ undo: 12, redo: 0, stopsAt: null })).toBe('Undo: 12 steps');
    expect(historyText({ undo: 1, redo: 2, stopsAt: null })).toBe('Undo: 1 step · redo 2 steps');
    expect(historyText({ undo: 3, redo: 0, stopsAt: 'Add layer' })).toBe(
      'Undo: 3 steps, stops at “Add layer”',
    );
    expect(historyText({ undo: 0, redo: 0, stopsAt: 'Transfer weights' })).toBe(
      'No undo: stops at “Transfer weights”',
    );
    expect(historyText({ undo: 0, redo: 0, stopsAt: null })).toBe('No undo history');
    expect(historyText({ undo: 1200, redo: 0, stopsAt: null })).toBe('Undo: 1,200 steps');
  });
});
