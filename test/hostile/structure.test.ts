import { describe, expect, it } from 'vitest';
import { classifyReadError } from '../../src/gltf/preflight/read-error.ts';
import { expectFixtureError, open, skinnedTriangle } from './fixture.ts';

describe('every field glTF-Transform reads has the shape it assumes', () => {
  it('a top-level list that is not an array, or holds a non-object', async () => {
    await expectFixtureError(
      (json) => (json.nodes = { 0: {} }),
      'invalid',
      /"nodes" is an object, not an array/,
    );
    await expectFixtureError(
      (json) => (json.accessors[1] = null),
      'invalid',
      /accessors\[1\] is null, not an object/,
    );
  });

  it('glTF versions other than 2.0', () =>
    expectFixtureError(
      (json) => (json.asset.version = '2.1'),
      'unsupported',
      /it is glTF 2\.1; only glTF 2\.0/,
    ));

  it('JSON nested deeper than any glTF needs (a stack-overflow bait in extras)', () =>
    expectFixtureError(
      (json) => {
        let deep: unknown[] = [];
        const root = deep;
        for (let i = 0; i < 100; i++) deep = deep[0] = [] as unknown[];
        json.extras = { deep: root };
      },
      'invalid',
      /nested more than 64 levels deep/,
    ));

  it('node transforms that are not finite numbers', async () => {
    await expectFixtureError(
      (json) => (json.nodes[2].translation = [0, 'NaN', 0]),
      'invalid',
      /nodes\[2\]\.translation\[1\] is "NaN", not a finite number/,
    );
    await expectFixtureError(
      (json) => (json.nodes[2].rotation = [0, 0, 0]),
      'invalid',
      /nodes\[2\]\.rotation has 3 numbers; it must have 4/,
    );
    await expectFixtureError(
      (json) => (json.nodes[2].matrix = 'I'),
      'invalid',
      /nodes\[2\]\.matrix is "I", not an array/,
    );
  });

  it('a mesh, skin or camera index out of range on a node', async () => {
    await expectFixtureError(
      (json) => (json.nodes[0].mesh = 5),
      'invalid',
      /nodes\[0\]\.mesh is 5, but the file has 1 meshes \(0 to 0\)/,
    );
    await expectFixtureError(
      (json) => (json.nodes[0].skin = 1),
      'invalid',
      /nodes\[0\]\.skin is 1, but the file has 1 skins/,
    );
    await expectFixtureError(
      (json) => (json.nodes[0].camera = 0),
      'invalid',
      /nodes\[0\]\.camera is 0, but the file has no cameras/,
    );
  });

  it('a primitive attribute or indices naming a missing accessor', async () => {
    await expectFixtureError(
      (json) => (json.meshes[0].primitives[0].attributes.NORMAL = 12),
      'invalid',
      /attributes\.NORMAL is 12, but the file has 5 accessors/,
    );
    await expectFixtureError(
      (json) => (json.meshes[0].primitives[0].indices = -1),
      'invalid',
      /primitives\[0\]\.indices is -1/,
    );
  });

  it('a mesh without primitives', () =>
    expectFixtureError(
      (json) => (json.meshes[0].primitives = []),
      'invalid',
      /meshes\[0\] has no primitives/,
    ));

  it('a material texture that does not exist', () =>
    expectFixtureError(
      (json) => (json.materials = [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }]),
      'invalid',
      /baseColorTexture\.index is 0, but the file has no textures/,
    ));

  it('a camera without its settings', () =>
    expectFixtureError(
      (json) => (json.cameras = [{ type: 'perspective' }]),
      'invalid',
      /cameras\[0\] is a perspective camera without "perspective" settings/,
    ));

  it('animation samplers and channels that point nowhere', async () => {
    await expectFixtureError(
      (json) => (json.animations = [{ samplers: [{ input: 9, output: 0 }], channels: [] }]),
      'invalid',
      /samplers\[0\]\.input is 9/,
    );
    await expectFixtureError(
      (json) =>
        (json.animations = [
          { samplers: [], channels: [{ sampler: 0, target: { node: 0, path: 'rotation' } }] },
        ]),
      'invalid',
      /channels\[0\]\.sampler is 0, but the file has no samplers in this animation/,
    );
    await expectFixtureError(
      (json) => (json.animations = [{ samplers: [{ input: 3, output: 3 }], channels: [{ sampler: 0 }] }]),
      'invalid',
      /channels\[0\]\.target is missing/,
    );
  });

  it('a required extension nobody can read', () =>
    expectFixtureError(
      (json) => {
        json.extensionsUsed = ['EXT_future'];
        json.extensionsRequired = ['EXT_future'];
      },
      'unsupported',
      /it requires the glTF extension EXT_future/,
    ));

  it('extension data with indices out of range (lights, material textures)', async () => {
    await expectFixtureError(
      (json) => {
        json.extensionsUsed = ['KHR_lights_punctual'];
        json.nodes[1].extensions = { KHR_lights_punctual: { light: 2 } };
      },
      'invalid',
      /KHR_lights_punctual\.light is 2, but the file has no lights/,
    );
    await expectFixtureError(
      (json) => {
        json.extensionsUsed = ['KHR_materials_clearcoat'];
        json.materials = [{ extensions: { KHR_materials_clearcoat: { clearcoatTexture: { index: 3 } } } }];
      },
      'invalid',
      /KHR_materials_clearcoat\.clearcoatTexture\.index is 3, but the file has no textures/,
    );
  });

  it('JOINTS and WEIGHTS of the wrong shape, attributes of different lengths', async () => {
    await expectFixtureError(
      (json) => (json.accessors[1].type = 'VEC2'),
      'invalid',
      /JOINTS_0 must be four unsigned bytes or shorts/,
    );
    await expectFixtureError(
      (json) => (json.accessors[2].componentType = 5121),
      'invalid',
      /WEIGHTS_0 must be four floats or normalized/,
    );
    await expectFixtureError(
      (json) => (json.accessors[1].count = 2),
      'invalid',
      /its attributes have different lengths \(JOINTS_0 has 2, not 3\)/,
    );
  });

  it('a file that uses every checked shape correctly still opens', async () => {
    const fixture = skinnedTriangle();
    fixture.json.nodes[2].rotation = [0, 0, 0, 1];
    fixture.json.materials = [{ pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1] } }];
    fixture.json.meshes[0].primitives[0].material = 0;
    fixture.json.animations = [
      {
        samplers: [{ input: 3, output: 3 }],
        channels: [{ sampler: 0, target: { node: 2, path: 'weights' } }],
      },
    ];
    await expect(open(fixture)).resolves.toBeDefined();
  });
});

describe('exceptions from the reader after the checks passed', () => {
  const json = (used: string[] = []) => ({ asset: { version: '2.0' }, extensionsUsed: used });

  it('are a bug (code internal, original as cause) unless the file explains them', () => {
    const cause = new TypeError("Cannot read properties of undefined (reading 'x')");
    const error = classifyReadError('a.glb', json(), cause);
    expect(error.code).toBe('internal');
    expect(error.cause).toBe(cause);
    expect(error.message).toMatch(/problem in Skinsmith, not in the file/);
  });

  it('are a damaged file when a decoder rejects the compressed data', () => {
    const error = classifyReadError(
      'a.glb',
      json(['KHR_draco_mesh_compression']),
      new Error('[KHR_draco_mesh_compression] Decoding failure.'),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(/compressed mesh data \(KHR_draco_mesh_compression\) could not be decoded/);
  });

  it('are a damaged file when they come from extension data the checks do not cover', () => {
    const error = classifyReadError(
      'a.glb',
      json(['EXT_structural_metadata']),
      new TypeError('x is undefined'),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(/its EXT_structural_metadata data may be malformed/);
  });
});
