/** Reading a skeleton out of a plain node hierarchy: joints, meshes to skin, likely roots. */
import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import {
  looksLikeSkeletonContainer,
  meshesOutsideSkeleton,
  resolveNode,
  skeletonJoints,
  skeletonRootCandidates,
} from '../../src/gltf/skeleton-nodes.ts';
import { makeSkinlessMannequin } from './support/skinless-fixture.ts';

/** A → B → C (with a mesh node "Prop" under B), and a separate mesh node "Body". */
function generic() {
  const doc = new Document();
  const mesh = doc.createMesh('m');
  const [a, b, c] = ['A', 'B', 'C'].map((n) => doc.createNode(n));
  const prop = doc.createNode('Prop').setMesh(mesh);
  const tip = doc.createNode('PropTip');
  prop.addChild(tip);
  a.addChild(b);
  b.addChild(prop).addChild(c);
  const body = doc.createNode('Body').setMesh(mesh);
  doc.createScene().addChild(a).addChild(body);
  return { doc, a, b, c, prop, tip, body };
}

describe('skeleton nodes', () => {
  it('joints are the root and the mesh-free nodes below it, depth first in child order', () => {
    const { a, b, c, tip } = generic();
    expect(skeletonJoints(a)).toEqual([a, b, tip, c]);
    expect(skeletonJoints(c)).toEqual([c]);
  });

  it('meshes to skin: outside the skeleton, or directly under the root; not a prop on another joint', () => {
    const { doc, a, b, body, prop } = generic();
    expect(meshesOutsideSkeleton(doc, a, skeletonJoints(a))).toEqual([body]);
    // With B as the root, the prop hangs directly from it (Blender's Armature → Body): skinned.
    expect(meshesOutsideSkeleton(doc, b, skeletonJoints(b))).toEqual([prop, body]);
  });

  it('likely roots: hips first, a wrapper of every mesh last, else the deepest top chain', () => {
    const placed = skeletonRootCandidates(makeSkinlessMannequin({ layout: 'placed' })).map((c) => c.name);
    expect(placed[0]).toBe('Hips');
    expect(placed.at(-1)).toBe('Character');
    const { doc } = generic();
    expect(skeletonRootCandidates(doc).map((c) => c.name)).toEqual(['A']);
    expect(skeletonRootCandidates(doc)[0]).toMatchObject({ joints: 4, depth: 2 });
  });

  it('resolves nodes by id or unique name, with a clear message otherwise', () => {
    const { doc } = generic();
    expect(resolveNode(doc, 'C')).toBe(2);
    expect(resolveNode(doc, 0)).toBe(0);
    expect(() => resolveNode(doc, 99)).toThrow(/No node with id 99/);
    expect(() => resolveNode(doc, 'Z')).toThrow(/No node named "Z".*could be the skeleton root: A/);
    doc.createNode('C');
    expect(() => resolveNode(doc, 'C')).toThrow(/2 nodes are named "C" \(ids 2, 6\)/);
  });

  it('names that hold a skeleton rather than being a bone', () => {
    for (const name of ['Armature', 'armature.001', 'Skeleton', 'root', 'Root', 'rig'])
      expect(looksLikeSkeletonContainer(name), name).toBe(true);
    for (const name of ['Hips', 'mixamorig:Hips', 'RootBone', 'Spine'])
      expect(looksLikeSkeletonContainer(name), name).toBe(false);
  });
});
