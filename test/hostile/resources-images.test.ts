import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/gltf/read-document.ts';
import { expectFixtureError, expectLoadError, open, skinnedTriangle, toGlb, toGltf } from './fixture.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe('buffers: data: URIs, given files, the GLB chunk', () => {
  it('a .gltf with its buffer as a data: URI opens', async () => {
    const doc = await readDocument({ name: 'a.gltf', bytes: toGltf(skinnedTriangle()) });
    expect(doc.getRoot().listAccessors()[0].getCount()).toBe(3);
    // The internal name given to the decoded data is not kept as a file name.
    expect(doc.getRoot().listBuffers()[0].getURI()).toBe('');
  });

  it('a data: URI that is not base64', async () => {
    const json = JSON.parse(new TextDecoder().decode(toGltf(skinnedTriangle())));
    json.buffers[0].uri = 'data:application/octet-stream;base64,@@@@';
    await expectLoadError(
      readDocument({ name: 'a.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) }),
      'invalid',
      /buffer 0's data: URI is not valid base64/,
    );
  });

  it('a .gltf buffer without a uri has no data', async () => {
    const json = JSON.parse(new TextDecoder().decode(toGltf(skinnedTriangle())));
    delete json.buffers[0].uri;
    await expectLoadError(
      readDocument({ name: 'a.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) }),
      'truncated',
      /buffer 0 has no data: it has no "uri" and is not the binary chunk of a \.glb/,
    );
  });

  it('a file the .gltf needs that was not given', async () => {
    const json = skinnedTriangle().json;
    json.buffers[0].uri = 'triangle.bin';
    await expectLoadError(
      readDocument({ name: 'a.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) }),
      'missing-file',
      /needs "triangle\.bin", which was not given/,
    );
  });

  it('a buffer on the network is never fetched', async () => {
    const json = skinnedTriangle().json;
    json.buffers[0].uri = 'http://example.com/triangle.bin';
    await expectLoadError(
      readDocument({ name: 'a.gltf', bytes: new TextEncoder().encode(JSON.stringify(json)) }),
      'network-uri',
      /never fetches from the network/,
    );
  });

  it('a GLB without its BIN chunk', async () => {
    const fixture = skinnedTriangle();
    const bytes = toGlb({ json: fixture.json, bin: new Uint8Array(0) });
    await expectLoadError(readDocument({ name: 'a.glb', bytes }), 'truncated', /buffer 0 has no data/);
  });

  it('a second buffer without a uri cannot borrow the GLB chunk', () =>
    expectFixtureError(
      (json) => {
        json.buffers.push({ byteLength: 8 });
        json.bufferViews.push({ buffer: 1, byteLength: 8 });
      },
      'missing-file',
      /buffer 1 \(missing\) was not given|buffer 1 has no data/,
    ));
});

describe('images', () => {
  function withImage(bytes: Uint8Array, mimeType?: string) {
    const fixture = skinnedTriangle();
    const bin = new Uint8Array(fixture.bin.byteLength + bytes.byteLength);
    bin.set(fixture.bin);
    bin.set(bytes, fixture.bin.byteLength);
    fixture.bin = bin;
    fixture.json.buffers[0].byteLength = bin.byteLength;
    fixture.json.bufferViews.push({ buffer: 0, byteOffset: 244, byteLength: bytes.byteLength });
    fixture.json.images = [{ bufferView: 5, ...(mimeType ? { mimeType } : {}) }];
    return fixture;
  }

  it('an image of an unknown type opens with a warning', async () => {
    const { warnings, document } = await open(withImage(new Uint8Array([1, 2, 3, 4]), 'image/tga'));
    expect(warnings).toEqual(['Image 0 has the unknown type "image/tga"; it is kept but not shown.']);
    expect(document.getRoot().listTextures()).toHaveLength(1);
  });

  it('an image without a type gets the one its bytes show', async () => {
    const { warnings, document } = await open(withImage(PNG));
    expect(warnings).toEqual([]);
    expect(document.getRoot().listTextures()[0].getMimeType()).toBe('image/png');
  });

  it('an image whose bytes are not what it says', async () => {
    const { warnings } = await open(withImage(PNG, 'image/jpeg'));
    expect(warnings).toEqual([
      'Image 0 says it is image/jpeg but its bytes are image/png; it may not be shown.',
    ]);
  });

  it('an image with neither uri nor buffer view', () =>
    expectFixtureError(
      (json) => (json.images = [{ mimeType: 'image/png' }]),
      'invalid',
      /image 0 has neither a uri nor a buffer view/,
    ));
});
