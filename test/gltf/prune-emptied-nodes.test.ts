/**
 * Nodes an edit emptied go, with the groups above them it left empty; joints, nodes still
 * holding something, and nodes the artist left empty stay.
 */
import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { createSkinFromNodes } from '../../src/gltf/create-skin.ts';
import { pruneEmptiedNodes } from '../../src/gltf/prune-emptied-nodes.ts';

function triangle(document: Document, name: string) {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
    .setBuffer(buffer);
  return document
    .createMesh(name)
    .addPrimitive(document.createPrimitive().setAttribute('POSITION', position));
}

describe('pruneEmptiedNodes through createSkinFromNodes', () => {
  it('removes a group whose every mesh moved to the scene root, not a leaf joint nor an artist’s empty node', () => {
    const document = new Document();
    const scene = document.createScene('Scene');
    // Skeleton: Root -> Leaf, a prop hanging from the leaf joint (it stays there, rigid).
    const root = document.createNode('Root');
    const leaf = document.createNode('Leaf').setTranslation([0, 1, 0]);
    const prop = document.createNode('Prop').setMesh(triangle(document, 'prop'));
    root.addChild(leaf);
    leaf.addChild(prop);
    // A placed group holding two meshes and a sub-group holding one: all move away.
    const group = document.createNode('Group').setTranslation([3, 0, 0]);
    const sub = document.createNode('Sub');
    group.addChild(document.createNode('A').setMesh(triangle(document, 'a')));
    group.addChild(sub);
    sub.addChild(document.createNode('B').setMesh(triangle(document, 'b')));
    // A group with a mesh and an empty locator the artist put there: it keeps the locator.
    const kept = document.createNode('Kept');
    kept.addChild(document.createNode('C').setMesh(triangle(document, 'c')));
    kept.addChild(document.createNode('Locator'));
    scene.addChild(root).addChild(group).addChild(kept);
    createSkinFromNodes(document, 'Root');
    const names = document
      .getRoot()
      .listNodes()
      .map((n) => n.getName());
    expect(names).not.toContain('Group');
    expect(names).not.toContain('Sub');
    expect(names).toContain('Leaf');
    expect(names).toContain('Kept');
    expect(names).toContain('Locator');
    expect(names.filter((n) => ['A', 'B', 'C'].includes(n))).toHaveLength(3);
    for (const n of document.getRoot().listNodes())
      if (['A', 'B', 'C'].includes(n.getName())) {
        expect(n.getMesh()).not.toBeNull();
        expect(n.getParentNode()?.getName() ?? null, n.getName()).toBeNull();
      }
    // A leaf joint emptied (its prop taken off) is still a joint of the skin: it stays.
    leaf.removeChild(prop);
    scene.addChild(prop);
    expect(pruneEmptiedNodes(document, [leaf]).nodes).toBe(0);
    expect(leaf.isDisposed()).toBe(false);
  });
});
