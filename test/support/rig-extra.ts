/**
 * Characters from outside the repo for `npm run bench:rig -- --extra DIR` (not product code):
 * DIR/rig-cases.json lists them, `{"Name": {"file": "Name/x.glb", "names": {…}, "drop": […]}}`,
 * `names` giving the artist's joint per anatomical joint (ANATOMICAL's keys; one the rig lacks,
 * such as a neck, may be left out) and `drop` the nodes removed first (props held or lying about).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDocument } from '../../src/gltf/read-document.ts';
import { type Anatomical, artistFront, caseOf, type RigCase } from './rig-quality.ts';

/** One entry of rig-cases.json. */
export interface ExtraRigEntry {
  file: string;
  names: Partial<Record<Anatomical, string>>;
  drop?: string[];
}

/** The listed characters `wanted` keeps that load; one line to `report` for each that does not. */
export async function extraRigCases(
  dir: string,
  wanted: (name: string) => boolean,
  report: (line: string) => void,
): Promise<RigCase[]> {
  const list = JSON.parse(readFileSync(join(dir, 'rig-cases.json'), 'utf8')) as Record<string, ExtraRigEntry>;
  const out: RigCase[] = [];
  for (const [name, { file, names, drop = [] }] of Object.entries(list)) {
    if (!wanted(name)) continue;
    try {
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const document = await readDocument({ name: file, bytes });
      for (const node of document.getRoot().listNodes()) if (drop.includes(node.getName())) node.dispose();
      out.push(caseOf(name, document, names));
    } catch (e) {
      report(`${name}: not loaded (${file}): ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return out;
}

/** `p − q` in the character's frame (its left, up, front) as % of the height: "(+1.0 -2.3 +0.4)". */
export function frameOffset(c: RigCase, p: readonly number[], q: readonly number[]): string {
  const front = artistFront(c);
  const left = [front[2], 0, -front[0]];
  const d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
  const along = (u: number[]) => (100 * (u[0] * d[0] + u[1] * d[1] + u[2] * d[2])) / c.height;
  const s = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return `(${s(along(left))} ${s(along([0, 1, 0]))} ${s(along(front))})`;
}
