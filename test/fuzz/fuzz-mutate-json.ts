import type { Json, ParsedBase } from './fuzz-glb.ts';
import type { Rng } from './fuzz-rng.ts';

/** Values a careless or hostile exporter writes where a number belongs. */
const ODD_VALUES: Json[] = [
  -1,
  0,
  1,
  2,
  3,
  4,
  255,
  256,
  65535,
  65536,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  1e308,
  -1e308,
  0.5,
  -0,
  1e-300,
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '',
  'x',
  null,
  true,
  false,
  [],
  {},
  [0],
  { index: 0 },
];

/** Strings that mean something somewhere in glTF. */
const ODD_STRINGS: Json[] = [
  'SCALAR',
  'VEC2',
  'VEC3',
  'VEC4',
  'MAT4',
  'VEC5',
  'image/png',
  'image/tga',
  'image/jpeg',
  '',
  'http://example.com/x.bin',
  'x.bin',
  '../x.bin',
  'data:',
  'data:application/octet-stream;base64,@@@',
  'data:image/png;base64,iVBORw0KGgo=',
  'perspective',
  'orthographic',
  'translation',
  'weights',
  'CUBICSPLINE',
  'KHR_draco_mesh_compression',
  'EXT_meshopt_compression',
  'KHR_unknown_extension',
  0,
  null,
];

/** One way to break a file; returns a short description of what it did. */
export type Mutation = (m: Mutable, rng: Rng) => string;

/** The case being built: a copy of the base's JSON and BIN, edited in place. */
export interface Mutable {
  base: ParsedBase;
  json: Json;
  bin: Uint8Array | undefined;
}

function getAt(json: Json, path: (string | number)[]): Json {
  let v = json;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = v[key];
  }
  return v;
}

function oddNumber(rng: Rng, v: number): Json {
  if (rng.chance(0.4)) return rng.pick([v + 1, v - 1, v * 2, Math.floor(v / 2), v + 4, v + 2 ** 31, -v]);
  return rng.pick(ODD_VALUES);
}

/** Edits one field anywhere in the JSON: an odd value, a deletion, a changed type. */
export const jsonField: Mutation = (m, rng) => {
  const path = rng.pick(m.base.paths);
  const parent = getAt(m.json, path.slice(0, -1));
  const key = path[path.length - 1];
  if (parent === null || typeof parent !== 'object' || !(key in parent)) return 'json: (path gone)';
  const value = parent[key];
  const where = path.join('.');
  if (rng.chance(0.15)) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
    return `json: delete ${where}`;
  }
  let next: Json;
  if (typeof value === 'number') next = oddNumber(rng, value);
  else if (typeof value === 'string') next = rng.pick(ODD_STRINGS);
  else if (Array.isArray(value)) {
    next = rng.pick([
      () => [...value, rng.int(value.length + 3)],
      () => [...value, ...value.slice(0, 1)],
      () => value.slice(1),
      () => [],
      () => ({}),
      () => value.length,
    ])();
  } else if (value && typeof value === 'object') {
    next = rng.pick([
      () => [],
      () => null,
      () => 'x',
      () => ({ ...value, extensions: { KHR_unknown: {} } }),
    ])();
  } else next = rng.pick(ODD_VALUES);
  parent[key] = next;
  return `json: ${where} = ${JSON.stringify(next)?.slice(0, 40)}`;
};
