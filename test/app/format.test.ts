import { describe, expect, it } from 'vitest';
import { vertices } from '../../app/format.ts';

describe('vertices', () => {
  it('says one vertex, and groups the thousands of many', () => {
    expect(vertices(1)).toBe('1 vertex');
    expect(vertices(0)).toBe('0 vertices');
    expect(vertices(2)).toBe('2 vertices');
    expect(vertices(10010)).toBe('10,010 vertices');
  });
});
