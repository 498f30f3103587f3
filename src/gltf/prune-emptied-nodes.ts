/**
 * pruneEmptiedNodes: after an edit took meshes or joints off some nodes (a rig moving meshes to
 * the scene root, a skin stripped), removes the nodes that edit left with nothing to draw or hold
 * — no mesh, no children, no camera, no skin, no extension — and the ancestors this in turn
 * leaves empty (a group node whose every mesh moved away). A node the artist left empty on
 * purpose is never passed in, and an ancestor was not empty before (it held the node below), so
 * only what the edit emptied goes. Animation channels that moved a removed node go with it (they
 * moved nothing any more: its meshes and joints were elsewhere), and animations left with no
 * channel go too. Without this the file keeps a NODE_EMPTY node.
 */
import { type Document, type Node, Root, Skin } from '@gltf-transform/core';
import { disposeIfUnused } from './dispose-unused.ts';

/** What {@link pruneEmptiedNodes} removed. */
export interface PrunedNodes {
  nodes: number;
  channels: number;
  animations: number;
}

/** Nothing on `node` but children in `gone`, and no skin's joint (a leaf joint holds no child). */
function isEmpty(node: Node, gone: ReadonlySet<Node>): boolean {
  return (
    !node.listParents().some((p) => p instanceof Skin) &&
    !node.getMesh() &&
    !node.getCamera() &&
    !node.getSkin() &&
    node.listExtensions().length === 0 &&
    node.listChildren().every((c) => gone.has(c))
  );
}

/**
 * Removes each of `emptied` (nodes the caller's edit just took something off) that is now empty,
 * then each ancestor that this leaves empty; see the module comment.
 */
export function pruneEmptiedNodes(document: Document, emptied: Iterable<Node>): PrunedNodes {
  const out: PrunedNodes = { nodes: 0, channels: 0, animations: 0 };
  const doomed = new Set<Node>();
  for (const start of emptied) {
    let node: Node | null = start;
    while (node && !node.isDisposed() && !doomed.has(node)) {
      if (!isEmpty(node, doomed)) break;
      doomed.add(node);
      node = node.getParentNode();
    }
  }
  if (doomed.size === 0) return out;
  const removed = removeChannelsOf(document, doomed);
  out.channels = removed.channels;
  out.animations = removed.animations;
  for (const node of doomed) {
    if (node.isDisposed()) continue;
    node.dispose();
    out.nodes++;
  }
  return out;
}

/**
 * Disposes the animation channels that target one of `nodes` (and, with `untargeted`, those that
 * target no node), with their samplers and accessors nothing else uses, then each animation this
 * leaves with no channel.
 */
export function removeChannelsOf(
  document: Document,
  nodes: ReadonlySet<Node>,
  untargeted = false,
): { channels: number; animations: number } {
  const out = { channels: 0, animations: 0 };
  for (const animation of document.getRoot().listAnimations()) {
    let touched = false;
    for (const channel of animation.listChannels()) {
      const target = channel.getTargetNode();
      if (target ? !nodes.has(target) : !untargeted) continue;
      const sampler = channel.getSampler();
      channel.dispose();
      touched = true;
      out.channels++;
      if (sampler?.listParents().every((p) => p === animation || p instanceof Root)) {
        const input = sampler.getInput();
        const output = sampler.getOutput();
        sampler.dispose();
        if (input) disposeIfUnused(input);
        if (output) disposeIfUnused(output);
      }
    }
    if (touched && animation.listChannels().length === 0) {
      animation.dispose();
      out.animations++;
    }
  }
  return out;
}
