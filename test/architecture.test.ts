import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** src/ is the framework-free core (DESIGN.md): no React, zustand, R3F, and nothing from app/. */
const FORBIDDEN =
  /from\s+['"](react|react-dom(\/[\w-]+)?|zustand(\/[\w-]+)?|@react-three\/[\w-]+|(\.\.\/)+app(\/[^'"]*)?)['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

describe('layout', () => {
  it('src/ never imports React, zustand, @react-three/* or app/', () => {
    const root = join(import.meta.dirname, '..');
    const offenders = sourceFiles(join(root, 'src'))
      .filter((file) => FORBIDDEN.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('the check itself catches a forbidden import', () => {
    expect(FORBIDDEN.test("import { create } from 'zustand';")).toBe(true);
    expect(FORBIDDEN.test("import { useFrame } from '@react-three/fiber';")).toBe(true);
    expect(FORBIDDEN.test("import { x } from '../../app/store';")).toBe(true);
    expect(FORBIDDEN.test("import * as THREE from 'three';")).toBe(false);
  });
});
