import type { Node } from '@gltf-transform/core';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { setSkinRoot, useAutobind } from './autobind-store.ts';

interface NodeOption {
  id: number;
  label: string;
}

/** The file's mesh-free nodes as an indented tree (scene order), for the root picker. */
function nodeOptions(): NodeOption[] {
  const model = editor.model;
  if (!model) return [];
  const root = model.document.getRoot();
  const nodes = root.listNodes();
  const index = new Map(nodes.map((n, i) => [n, i]));
  const out: NodeOption[] = [];
  const seen = new Set<Node>();
  const visit = (node: Node, depth: number) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (!node.getMesh()) {
      const id = index.get(node)!;
      out.push({ id, label: `${'\u00a0\u00a0'.repeat(depth)}${node.getName() || `node ${id}`}` });
    }
    for (const child of node.listChildren()) visit(child, depth + 1);
  };
  for (const scene of root.listScenes()) for (const n of scene.listChildren()) visit(n, 0);
  // Nodes in no scene still count (a file may keep its skeleton outside the scene).
  for (const n of nodes) if (!n.getParentNode()) visit(n, 0);
  return out;
}

/** The file's mesh nodes without a skin (id and name), for the mesh checkboxes. */
function meshNodes(): NodeOption[] {
  const nodes = editor.model?.document.getRoot().listNodes() ?? [];
  return nodes.flatMap((n, id) =>
    n.getMesh() && !n.getSkin() ? [{ id, label: n.getName() || `node ${id}` }] : [],
  );
}

/**
 * What the picked root would give (joints, and which meshes get skinned: checkboxes when the
 * file has several), or why it cannot be used.
 */
function Plan({ root }: { root: number }) {
  const chosen = useAutobind((s) => s.skinMeshes);
  let joints = 0;
  let defaults: number[] = [];
  let error: string | null = null;
  try {
    defaults = editor.planSkin(root).meshes;
  } catch {
    // Said below, for the meshes actually chosen.
  }
  const meshes = chosen ?? defaults;
  try {
    joints = editor.planSkin(root, { meshes }).joints.length;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const all = meshNodes();
  const toggle = (id: number, on: boolean) =>
    useAutobind.setState({
      skinMeshes: on ? [...meshes, id].sort((a, b) => a - b) : meshes.filter((m) => m !== id),
    });
  return (
    <>
      {all.length > 1 && (
        <fieldset className="ab-row ab-meshes" aria-label="Meshes to skin">
          <span className="ab-label">Meshes</span>
          <div className="ab-mesh-list">
            {all.map((m) => (
              <label key={m.id} className="ab-check-inline">
                <input
                  type="checkbox"
                  name="skin-mesh"
                  value={m.id}
                  checked={meshes.includes(m.id)}
                  onChange={(e) => toggle(m.id, e.target.checked)}
                />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className={error ? 'ab-note ab-error' : 'ab-note'} data-testid="skin-plan">
        {error ??
          `${joints} joint${joints === 1 ? '' : 's'}; skins ${meshes.map((id) => all.find((m) => m.id === id)?.label ?? `node ${id}`).join(', ')}.`}
      </div>
    </>
  );
}

/**
 * For a file with meshes and a node hierarchy but no skin: the skeleton root picker (defaulting
 * to the node that looks most like one), whether the root itself binds, and what it would make.
 */
export function CreateSkinSection({ disabled }: { disabled: boolean }) {
  useUi((s) => s.modelRev);
  const root = useAutobind((s) => s.skinRoot);
  const excludeRoot = useAutobind((s) => s.excludeRoot);
  const options = nodeOptions();
  return (
    <fieldset className="ab-form ab-create" disabled={disabled}>
      <div className="ab-note">
        This file has no skin. Pick the top node of its skeleton: it and the nodes below it without a mesh
        become the joints, posed as they are now (the bind pose), and the meshes outside the skeleton are
        skinned to them.
      </div>
      <label className="ab-row">
        <span className="ab-label">Skeleton root</span>
        <select
          className="ab-select"
          name="skeleton-root"
          value={root ?? ''}
          onChange={(e) => setSkinRoot(e.target.value === '' ? null : Number(e.target.value))}
        >
          {root === null && <option value="">Pick a node…</option>}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label
        className="ab-row ab-check"
        title="For a root that only holds the skeleton (Blender's Armature, a root at the feet): it gets no weight"
      >
        <input
          type="checkbox"
          name="exclude-root"
          checked={excludeRoot}
          onChange={(e) => useAutobind.setState({ excludeRoot: e.target.checked })}
        />
        Leave the root out of binding
      </label>
      {root !== null && <Plan root={root} />}
    </fieldset>
  );
}
