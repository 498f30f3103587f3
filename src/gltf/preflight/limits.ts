/**
 * The documented limits on what Skinsmith opens. A file past one of them gets a `too-large`
 * LoadError before anything big is allocated, instead of a frozen tab or an out-of-memory crash.
 *
 * The numbers are far above any character a rigger paints by hand (the largest shared test model
 * is 193k vertices) and below what a browser tab survives: a 10M-vertex primitive already needs
 * about 1 GB for its attributes, its weights and the editor's working copies.
 */
export interface LoadLimits {
  /** Bytes of the main file, and of every file given with it. */
  maxFileBytes: number;
  /** Bytes of a .gltf's JSON or a GLB's JSON chunk (JSON.parse needs several times this). */
  maxJsonBytes: number;
  /** Nesting depth of the JSON (objects and arrays); glTF itself needs fewer than 10 levels. */
  maxJsonDepth: number;
  /** Vertices (POSITION count) of one primitive. */
  maxVerticesPerPrimitive: number;
  /** Vertices of all primitives together. */
  maxTotalVertices: number;
  /** Nodes in the file. */
  maxNodes: number;
  /** Depth of the node hierarchy (real rigs stay under 50; loaders and pose code walk it, some recursively). */
  maxNodeDepth: number;
  /** Skins in the file (the editor relates every skinned node to every skin of its mesh). */
  maxSkins: number;
  /** Primitives of all meshes together. */
  maxPrimitives: number;
  /**
   * Objects glTF-Transform creates for the top-level arrays (accessors, nodes, materials, …),
   * a material counting 8 (its texture slots are objects too) and a texture 2. Reading costs
   * about 10 µs and 2 KB per object: 200,000 is a few seconds and a few hundred MB.
   */
  maxProperties: number;
  /** Joints of one skin (JOINTS_n values are 16-bit at most). */
  maxJointsPerSkin: number;
  /** Bytes one accessor decodes to. */
  maxAccessorBytes: number;
  /** Bytes all accessors together decode to (each is copied out of its buffer on read). */
  maxDecodedBytes: number;
  /**
   * How many times its own size a file may decode to (accessors without data are zero-filled,
   * compressed ones inflate, several accessors may read the same bytes): Draco reaches ~30×,
   * a plain file ~1×. Files decoding to less than `expansionFloorBytes` are exempt.
   */
  maxExpansion: number;
  expansionFloorBytes: number;
}

/** The limits Skinsmith applies; tests pass smaller ones to exercise each check cheaply. */
export const LOAD_LIMITS: Readonly<LoadLimits> = Object.freeze({
  maxFileBytes: 2 * 1024 ** 3,
  maxJsonBytes: 64 * 1024 ** 2,
  maxJsonDepth: 64,
  maxVerticesPerPrimitive: 10_000_000,
  maxTotalVertices: 20_000_000,
  maxNodes: 100_000,
  maxNodeDepth: 1_000,
  maxSkins: 1_000,
  maxPrimitives: 50_000,
  maxProperties: 200_000,
  maxJointsPerSkin: 65_535,
  maxAccessorBytes: 1024 ** 3,
  maxDecodedBytes: 2 * 1024 ** 3,
  maxExpansion: 100,
  expansionFloorBytes: 16 * 1024 ** 2,
});

/** Bytes in words, for messages: "2 GB", "64 MB", "950 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** A count in words with thousands separators, for messages: "10,000,000". */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
