import { LoadError, type LoadErrorCode } from '../load-error.ts';
import { LOAD_LIMITS, type LoadLimits } from './limits.ts';

/** A JSON object as parsed, before anything is known about its fields. */
export type JsonObject = Record<string, unknown>;

/** The glTF top-level arrays, with their names in messages. */
export const TOP_LEVEL = {
  accessors: 'accessor',
  animations: 'animation',
  buffers: 'buffer',
  bufferViews: 'buffer view',
  cameras: 'camera',
  images: 'image',
  materials: 'material',
  meshes: 'mesh',
  nodes: 'node',
  samplers: 'sampler',
  scenes: 'scene',
  skins: 'skin',
  textures: 'texture',
} as const;

export type TopLevelKey = keyof typeof TOP_LEVEL;

/** A short rendering of a bad value for a message: `"abc"`, `-1`, `an object`. */
export function show(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** "mesh" → "meshes", "node" → "nodes". */
const plural = (word: string) => (word.endsWith('sh') ? `${word}es` : `${word}s`);

export const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads fields of untrusted glTF JSON with a specific LoadError for each way one can be wrong,
 * so that glTF-Transform only ever sees the shapes it assumes. Collects warnings for problems a
 * file can still be opened with.
 */
export class JsonChecker {
  readonly warnings: string[] = [];
  private readonly lists = new Map<string, JsonObject[]>();

  constructor(
    readonly name: string,
    readonly json: JsonObject,
    readonly limits: LoadLimits = LOAD_LIMITS,
  ) {}

  fail(code: LoadErrorCode, detail: string): never {
    const lead =
      code === 'too-large'
        ? `${this.name} is too large to open`
        : code === 'unsupported'
          ? `${this.name} uses something Skinsmith does not support`
          : `${this.name} is not a valid glTF file`;
    throw new LoadError(code, `${lead}: ${detail}`);
  }

  invalid(detail: string): never {
    return this.fail('invalid', detail);
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /** A top-level array ([] when absent); every item must be an object. */
  list(key: TopLevelKey): JsonObject[] {
    let items = this.lists.get(key);
    if (items) return items;
    const value = this.json[key];
    if (value === undefined) items = [];
    else if (!Array.isArray(value)) this.invalid(`"${key}" is ${show(value)}, not an array.`);
    else {
      value.forEach((item, i) => {
        if (!isObject(item)) this.invalid(`${key}[${i}] is ${show(item)}, not an object.`);
      });
      items = value as JsonObject[];
    }
    this.lists.set(key, items);
    return items;
  }

  /** An optional object field. */
  object(parent: JsonObject, key: string, path: string): JsonObject | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    if (!isObject(v)) this.invalid(`${path}.${key} is ${show(v)}, not an object.`);
    return v;
  }

  /** An optional array field. */
  array(parent: JsonObject, key: string, path: string): unknown[] | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) this.invalid(`${path}.${key} is ${show(v)}, not an array.`);
    return v;
  }

  /** An optional array field whose items are all objects. */
  objects(parent: JsonObject, key: string, path: string): JsonObject[] {
    const items = this.array(parent, key, path) ?? [];
    items.forEach((item, i) => {
      if (!isObject(item)) this.invalid(`${path}.${key}[${i}] is ${show(item)}, not an object.`);
    });
    return items as JsonObject[];
  }

  /** An optional whole-number field within [min, max]. */
  int(
    parent: JsonObject,
    key: string,
    path: string,
    min = 0,
    max = Number.MAX_SAFE_INTEGER,
  ): number | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    return this.intValue(v, `${path}.${key}`, min, max);
  }

  /** A required whole-number field within [min, max]. */
  requiredInt(parent: JsonObject, key: string, path: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    if (parent[key] === undefined) this.invalid(`${path}.${key} is missing.`);
    return this.int(parent, key, path, min, max)!;
  }

  intValue(v: unknown, path: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
      this.invalid(`${path} is ${show(v)}; it must be a whole number ${range}.`);
    }
    return v;
  }

  /** An optional index into a top-level array. */
  ref(parent: JsonObject, key: string, path: string, target: TopLevelKey): number | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    return this.refValue(v, `${path}.${key}`, target);
  }

  /** A required index into a top-level array. */
  requiredRef(parent: JsonObject, key: string, path: string, target: TopLevelKey): number {
    if (parent[key] === undefined) this.invalid(`${path}.${key} is missing.`);
    return this.ref(parent, key, path, target)!;
  }

  /** A bare value that must index a top-level array (an item of `children`, `joints`, …). */
  refValue(v: unknown, path: string, target: TopLevelKey): number {
    return this.indexValue(v, path, this.list(target).length, plural(TOP_LEVEL[target]));
  }

  /** A value that must index a list of `length` things called `what`. */
  indexValue(v: unknown, path: string, length: number, what: string): number {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= length) {
      this.invalid(
        length === 0
          ? `${path} is ${show(v)}, but the file has no ${what}.`
          : `${path} is ${show(v)}, but the file has ${length} ${what} (0 to ${length - 1}).`,
      );
    }
    return v;
  }

  /** An optional finite number. */
  number(parent: JsonObject, key: string, path: string): number | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v))
      this.invalid(`${path}.${key} is ${show(v)}, not a number.`);
    return v;
  }

  /** An optional array of finite numbers, of exactly `length` items when given. */
  numbers(parent: JsonObject, key: string, path: string, length?: number): number[] | undefined {
    const items = this.array(parent, key, path);
    if (!items) return undefined;
    if (length !== undefined && items.length !== length) {
      this.invalid(`${path}.${key} has ${items.length} numbers; it must have ${length}.`);
    }
    items.forEach((v, i) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        this.invalid(`${path}.${key}[${i}] is ${show(v)}, not a finite number.`);
      }
    });
    return items as number[];
  }

  /** An optional string, one of `allowed` when given. */
  string(parent: JsonObject, key: string, path: string, allowed?: readonly string[]): string | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') this.invalid(`${path}.${key} is ${show(v)}, not a string.`);
    if (allowed && !allowed.includes(v)) {
      this.invalid(`${path}.${key} is ${show(v)}; it must be one of ${allowed.join(', ')}.`);
    }
    return v;
  }

  /** An optional boolean. */
  bool(parent: JsonObject, key: string, path: string): boolean | undefined {
    const v = parent[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') this.invalid(`${path}.${key} is ${show(v)}, not true or false.`);
    return v;
  }

  /** The extension objects of a property (`extensions: {}`), checked to be objects. */
  extensions(parent: JsonObject, path: string): JsonObject {
    const exts = this.object(parent, 'extensions', path) ?? {};
    for (const [key, value] of Object.entries(exts)) {
      if (!isObject(value)) this.invalid(`${path}.extensions.${key} is ${show(value)}, not an object.`);
    }
    return exts as JsonObject;
  }
}
