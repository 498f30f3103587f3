/**
 * renameJoint: a joint's node gets a new name (one no other node has: joints are found by name by
 * every tool, the CLI and clips retargeted by name). Skins, channels and IBMs name joints by
 * index, so nothing else changes in the file; the editor renames it in its named poses.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { type EditOutcome, requireFreeName, requireJoint } from './skeleton-checks.ts';

export function renameJoint(model: SkinnedModel, joint: number, name: string): EditOutcome {
  const node = requireJoint(model, joint).node;
  if (node.getName() === name) return { changed: false, created: [], notes: [] };
  node.setName(requireFreeName(model, name, node));
  return { changed: true, created: [], notes: [] };
}
