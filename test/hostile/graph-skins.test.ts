import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { expectFixtureError, expectLoadError, open, skinnedTriangle, toGlb } from './fixture.ts';

describe('the node graph is a forest', () => {
  it('a cycle through two nodes', () =>
    expectFixtureError(
      (json) => (json.nodes[2].children = [1]),
      'invalid',
      /the node hierarchy has a cycle through node 1 \("root"\)/,
    ));

  it('a longer cycle that no scene reaches', () =>
    expectFixtureError(
      (json) => {
        json.nodes.push({ children: [4] }, { children: [5] }, { children: [3] });
      },
      'invalid',
      /cycle through node [345]/,
    ));

  it('a node that is its own child', () =>
    expectFixtureError(
      (json) => (json.nodes[2].children = [2]),
      'invalid',
      /node 2 \("arm"\) lists itself as its own child/,
    ));

  it('a node with two parents', () =>
    expectFixtureError(
      (json) => (json.nodes[0].children = [2]),
      'invalid',
      /node 2 \("arm"\) has two parents \(node 0 \("body"\) and node 1 \("root"\)\)/,
    ));

  it('the same child listed twice', () =>
    expectFixtureError(
      (json) => (json.nodes[1].children = [2, 2]),
      'invalid',
      /lists node 2 \("arm"\) twice as a child/,
    ));

  it('a scene root that is somebody’s child', () =>
    expectFixtureError(
      (json) => json.scenes[0].nodes.push(2),
      'invalid',
      /scene 0 lists node 2 \("arm"\) as a root, but it is a child of node 1/,
    ));

  it('children that are not node indices', async () => {
    await expectFixtureError(
      (json) => (json.nodes[1].children = [7]),
      'invalid',
      /nodes\[1\]\.children\[0\] is 7, but the file has 3 nodes/,
    );
    await expectFixtureError(
      (json) => (json.nodes[1].children = { 0: 2 }),
      'invalid',
      /nodes\[1\]\.children is an object, not an array/,
    );
  });

  it('too many nodes, before any of them is looked at', () =>
    expectFixtureError(
      (json) => {
        for (let i = 0; i < 20; i++) json.nodes.push({});
      },
      'too-large',
      /it has 23 nodes; the limit is 10/,
      { maxNodes: 10 },
    ));
});

describe('skins', () => {
  it('a joint index out of range', () =>
    expectFixtureError(
      (json) => (json.skins[0].joints = [1, 9]),
      'invalid',
      /skins\[0\]\.joints\[1\] is 9, but the file has 3 nodes/,
    ));

  it('no joints', async () => {
    await expectFixtureError((json) => (json.skins[0].joints = []), 'invalid', /skin 0 has no joints/);
    await expectFixtureError((json) => delete json.skins[0].joints, 'invalid', /skin 0 has no joints/);
  });

  it('a joint listed twice (it would shift every joint after it)', () =>
    expectFixtureError(
      (json) => (json.skins[0].joints = [1, 2, 1]),
      'invalid',
      /skin 0 lists node 1 \("root"\) twice as a joint/,
    ));

  it('more joints than 16-bit JOINTS can address', () =>
    expectFixtureError(
      (json) => (json.skins[0].joints = [1, 2]),
      'too-large',
      /skin 0 has 2 joints; the limit is 1/,
      {
        maxJointsPerSkin: 1,
      },
    ));

  it('fewer inverse bind matrices than joints', () =>
    expectFixtureError(
      (json) => {
        json.skins[0].joints = [1, 2, 0];
      },
      'invalid',
      /skin 0 has 3 joints but only 2 inverse bind matrices/,
    ));

  it('inverse bind matrices that are not float MAT4', () =>
    expectFixtureError(
      (json) => (json.skins[0].inverseBindMatrices = 0),
      'invalid',
      /inverse bind matrices \(accessor 0\) are not 4×4 float matrices/,
    ));

  it('joints in no scene open with a warning', async () => {
    const fixture = skinnedTriangle();
    fixture.json.scenes[0].nodes = [0];
    const { warnings } = await open(fixture);
    expect(warnings).toEqual([
      'Skin 0 has 2 joints that are in no scene; they still bend the mesh but may not be shown.',
    ]);
  });

  it('a NaN inverse bind matrix is refused', async () => {
    const fixture = skinnedTriangle();
    new DataView(fixture.bin.buffer).setFloat32(116 + 64 + 13 * 4, Number.NaN, true);
    await expectLoadError(
      open(fixture),
      'invalid',
      /skin 0's inverse bind matrix for "arm" holds NaN or infinite numbers/,
    );
  });

  it('a singular inverse bind matrix opens with a warning the editor shows', async () => {
    const fixture = skinnedTriangle();
    // Scale 0 on x: no inverse, so the joint's bind position is unknown.
    new DataView(fixture.bin.buffer).setFloat32(116 + 64, 0, true);
    const { warnings } = await open(fixture);
    expect(warnings).toEqual([
      'Skin 0 has 1 singular inverse bind matrices ("arm"): those joints have no bind position and are drawn at the origin.',
    ]);
    const editor = new Editor();
    await editor.load({ name: 'singular.glb', bytes: toGlb(fixture) });
    expect(editor.notices).toContainEqual({ level: 'warning', message: warnings[0] });
  });
});

describe('sizes of the graph', () => {
  /** The fixture with a chain of `length` extra nodes hanging under the arm. */
  function chain(length: number) {
    const fixture = skinnedTriangle();
    let parent = 2;
    for (let i = 0; i < length; i++) {
      const index = fixture.json.nodes.length;
      fixture.json.nodes[parent].children = [index];
      fixture.json.nodes.push({ name: `link ${i}` });
      parent = index;
    }
    return fixture;
  }

  it('a hierarchy as deep as the limit opens; one level more is refused', async () => {
    await expect(open(chain(95), { maxNodeDepth: 97 })).resolves.toBeDefined();
    await expectLoadError(open(chain(96), { maxNodeDepth: 97 }), 'too-large', /more than 97 levels deep/);
  });

  it('too many skins', () =>
    expectFixtureError(
      (json) => {
        for (let i = 0; i < 3; i++) json.skins.push({ joints: [1] });
      },
      'too-large',
      /it has 4 skins; the limit is 2/,
      { maxSkins: 2 },
    ));
});
