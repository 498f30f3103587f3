import { describe, expect, it } from 'vitest';
import { expectFixtureError, expectLoadError, LAYOUT, open, skinnedTriangle } from './fixture.ts';

describe('buffers, buffer views and accessors are checked against the bytes', () => {
  it('the fixture itself opens without warnings', async () => {
    const { document, warnings } = await open(skinnedTriangle());
    expect(document.getRoot().listAccessors()).toHaveLength(5);
    expect(warnings).toEqual([]);
  });

  it('an accessor whose count runs past its buffer view', () =>
    expectFixtureError(
      (json) => (json.accessors[0].count = 4),
      'invalid',
      /accessors\[0\] .*needs 48 bytes of bufferViews\[0\], which has 36/,
    ));

  it('an accessor whose byteOffset runs past its buffer view', () =>
    expectFixtureError(
      (json) => (json.accessors[2].byteOffset = 4),
      'invalid',
      /accessors\[2\].*bufferViews\[2\]/,
    ));

  it('a buffer view that reaches past its buffer', () =>
    expectFixtureError(
      (json) => (json.bufferViews[4].byteLength = 200),
      'invalid',
      /bufferViews\[4\].*past the end of buffer 0/,
    ));

  it('a buffer that declares more bytes than the file holds', () =>
    expectFixtureError(
      (json) => (json.buffers[0].byteLength = 10_000),
      'truncated',
      /buffer 0 should hold 9\.8 KB but only 244 bytes/,
    ));

  it('a byteStride smaller than one element', () =>
    expectFixtureError(
      (json) => (json.bufferViews[0].byteStride = 8),
      'invalid',
      /needs 12 bytes per element .* byteStride of 8/,
    ));

  it('a byteStride that is not a multiple of 4', () =>
    expectFixtureError(
      (json) => (json.bufferViews[0].byteStride = 14),
      'invalid',
      /byteStride is 14; it must be a multiple of 4/,
    ));

  it('a byteStride of 0, which would read one element a billion times', () =>
    expectFixtureError(
      (json) => (json.bufferViews[0].byteStride = 0),
      'invalid',
      /byteStride is 0; it must be a whole number from 4 to 252/,
    ));

  it('an interleaved read that fits is accepted', async () => {
    const fixture = skinnedTriangle();
    // POSITION as 3 elements of 12 bytes in a 36-byte view with stride 12: legal.
    fixture.json.bufferViews[0].byteStride = 12;
    await expect(open(fixture)).resolves.toBeDefined();
  });

  it('an unknown componentType', () =>
    expectFixtureError(
      (json) => (json.accessors[0].componentType = 5124),
      'invalid',
      /componentType is 5124, which is not a glTF component type/,
    ));

  it('an unknown accessor type', () =>
    expectFixtureError(
      (json) => (json.accessors[0].type = 'VEC5'),
      'invalid',
      /accessors\[0\]\.type is "VEC5"; it must be one of SCALAR/,
    ));

  it('a negative or fractional count', async () => {
    await expectFixtureError(
      (json) => (json.accessors[0].count = -1),
      'invalid',
      /count is -1; it must be a whole number from 1/,
    );
    await expectFixtureError((json) => (json.accessors[0].count = 1.5), 'invalid', /count is 1\.5/);
    await expectFixtureError((json) => (json.accessors[0].count = '3'), 'invalid', /count is "3"/);
  });

  it('an absurd count without a buffer view (zero-filled) is refused before allocating', () =>
    expectFixtureError(
      (json) => json.accessors.push({ componentType: 5126, count: 2_000_000_000, type: 'MAT4' }),
      'too-large',
      /accessors\[5\] holds 2,000,000,000 MAT4 values \(119\.2 GB\); the limit is 1 GB per accessor/,
    ));

  it('many accessors reading the same view count against the decoded total', () =>
    expectFixtureError(
      (json) => {
        for (let i = 0; i < 10; i++) json.accessors.push({ ...json.accessors[4] });
      },
      'too-large',
      /accessors decode to .*; the limit is 1 KB/,
      { maxDecodedBytes: 1024 },
    ));

  it('a buffer view naming a buffer that does not exist', () =>
    expectFixtureError(
      (json) => (json.bufferViews[1].buffer = 3),
      'invalid',
      /bufferViews\[1\]\.buffer is 3, but the file has 1 buffers/,
    ));

  it('an accessor naming a buffer view that does not exist', () =>
    expectFixtureError(
      (json) => (json.accessors[1].bufferView = 9),
      'invalid',
      /accessors\[1\]\.bufferView is 9, but the file has 5 buffer views \(0 to 4\)/,
    ));
});

describe('sparse accessors are read (glTF-Transform supports them) after their ranges are checked', () => {
  /** Adds sparse data that moves vertex 1 to (5, 6, 7): 2 bytes of index + 12 of value. */
  function withSparse() {
    const fixture = skinnedTriangle();
    const bin = new Uint8Array(fixture.bin.byteLength + 16);
    bin.set(fixture.bin);
    const dv = new DataView(bin.buffer);
    dv.setUint16(244, 1, true);
    new Float32Array(bin.buffer, 248, 3).set([5, 6, 7]);
    fixture.bin = bin;
    const json = fixture.json;
    json.buffers[0].byteLength = bin.byteLength;
    json.bufferViews.push(
      { buffer: 0, byteOffset: 244, byteLength: 2 },
      { buffer: 0, byteOffset: 248, byteLength: 12 },
    );
    json.accessors[0].sparse = {
      count: 1,
      indices: { bufferView: 5, componentType: 5123 },
      values: { bufferView: 6 },
    };
    return fixture;
  }

  it('reads the substituted values', async () => {
    const { document } = await open(withSparse());
    const position = document.getRoot().listAccessors()[0];
    expect(Array.from(position.getElement(1, []))).toEqual([5, 6, 7]);
    expect(Array.from(position.getElement(2, []))).toEqual([0, 1, 0]);
  });

  it('a sparse index past the accessor', async () => {
    const fixture = withSparse();
    new DataView(fixture.bin.buffer).setUint16(244, 3, true);
    await expectLoadError(
      open(fixture),
      'invalid',
      /sparse\.indices\[0\] is 3, past the accessor's 3 elements/,
    );
  });

  it('a sparse count larger than the accessor', async () => {
    const fixture = withSparse();
    fixture.json.accessors[0].sparse.count = 4;
    await expectLoadError(
      open(fixture),
      'invalid',
      /sparse\.count is 4; it must be a whole number from 1 to 3/,
    );
  });

  it('sparse values past their buffer view', async () => {
    const fixture = withSparse();
    fixture.json.accessors[0].sparse.values.byteOffset = 4;
    await expectLoadError(open(fixture), 'invalid', /sparse\.values reads past the end of bufferViews\[6\]/);
  });

  it('a sparse buffer view with a byteStride', async () => {
    const fixture = withSparse();
    fixture.json.bufferViews[6].byteStride = 12;
    await expectLoadError(
      open(fixture),
      'invalid',
      /sparse\.values uses bufferViews\[6\], which has a byteStride/,
    );
  });

  it('sparse index component types other than unsigned integers', async () => {
    const fixture = withSparse();
    fixture.json.accessors[0].sparse.indices.componentType = 5126;
    await expectLoadError(open(fixture), 'invalid', /sparse\.indices\.componentType is 5126/);
  });

  it('LAYOUT matches the bytes the fixture writes', () => {
    expect(LAYOUT.ibm.offset + LAYOUT.ibm.length).toBe(skinnedTriangle().bin.byteLength);
  });
});
