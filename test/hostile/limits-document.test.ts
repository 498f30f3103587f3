import { describe, expect, it } from 'vitest';
import { LOAD_LIMITS } from '../../src/gltf/preflight/limits.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { expectFixtureError, expectLoadError, open, skinnedTriangle, toGlb } from './fixture.ts';

describe('documented limits, checked before anything big is allocated', () => {
  it('are the ones the docs state', () => {
    expect(LOAD_LIMITS).toMatchObject({
      maxFileBytes: 2 * 1024 ** 3,
      maxVerticesPerPrimitive: 10_000_000,
      maxNodes: 100_000,
    });
  });

  it('a file over the byte limit is refused before it is parsed', async () => {
    const bytes = toGlb(skinnedTriangle());
    await expectLoadError(
      readDocument({ name: 'big.glb', bytes }, { limits: { ...LOAD_LIMITS, maxFileBytes: 100 } }),
      'too-large',
      /big\.glb is 1\.\d KB; Skinsmith opens files up to 100 bytes/,
    );
  });

  it('JSON over its limit is refused before JSON.parse', async () => {
    await expectLoadError(
      readDocument(
        { name: 'big.glb', bytes: toGlb(skinnedTriangle()) },
        { limits: { ...LOAD_LIMITS, maxJsonBytes: 64 } },
      ),
      'too-large',
      /of glTF JSON; Skinsmith reads up to 64 bytes/,
    );
  });

  it('a primitive over the vertex limit (the count alone decides, no data is read)', () =>
    expectFixtureError(
      (json) => json,
      'too-large',
      /mesh 0 \("triangle"\), primitive 0 has 3 vertices; the limit is 2 per primitive/,
      {
        maxVerticesPerPrimitive: 2,
      },
    ));

  it('too many vertices over all primitives', () =>
    expectFixtureError(
      (json) => json.meshes.push({ primitives: [{ attributes: { POSITION: 0 } }] }),
      'too-large',
      /it has 6 vertices; the limit is 5/,
      { maxTotalVertices: 5 },
    ));
});

describe('amplification: a small file must not make the reader allocate a lot', () => {
  it('zero-filled accessors (no buffer view) far bigger than the file', () =>
    expectFixtureError(
      (json) => json.accessors.push({ componentType: 5126, count: 2_000_000, type: 'VEC3' }),
      'too-large',
      /its accessors decode to 22\.9 MB, [\d,]+ times the size of the file; a file may grow at most 100 times/,
    ));

  it('objects glTF-Transform creates: a material costs 8, animation channels count too', async () => {
    await expectFixtureError(
      (json) => (json.materials = Array.from({ length: 20 }, () => ({}))),
      'too-large',
      /it has more than 100 objects/,
      { maxProperties: 100 },
    );
    await expectFixtureError(
      (json) =>
        (json.animations = [
          {
            samplers: [{ input: 3, output: 3 }],
            channels: Array.from({ length: 200 }, () => ({
              sampler: 0,
              target: { node: 2, path: 'weights' },
            })),
          },
        ]),
      'too-large',
      /it has more than 100 objects/,
      { maxProperties: 100 },
    );
  });
});

describe('checks on the data as read', () => {
  it('an index past the vertex count', async () => {
    const fixture = skinnedTriangle();
    new DataView(fixture.bin.buffer).setUint16(108 + 4, 7, true);
    await expectLoadError(
      open(fixture),
      'invalid',
      /an index refers to vertex 7, but the primitive has 3 vertices/,
    );
  });

  it('vertex positions that are not finite', async () => {
    const fixture = skinnedTriangle();
    new DataView(fixture.bin.buffer).setFloat32(4, Number.POSITIVE_INFINITY, true);
    await expectLoadError(open(fixture), 'invalid', /some vertex positions are not finite numbers/);
  });
});
