import { useEffect, useState } from 'react';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { runTool } from '../tools/ToolsPanel.tsx';
import { inspectedVertex, useSelectUi } from './select-store.ts';

const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(4));

/**
 * One influence, editable: typing a weight calls `editor.setInfluence` on Enter or blur (the
 * editor renormalises the others and keeps locks); the field then shows what the editor stored.
 */
function WeightCell(props: {
  primitive: number;
  vertex: number;
  joint: number;
  weight: number;
  name: string;
}) {
  const [text, setText] = useState(props.weight.toFixed(4));
  useEffect(() => setText(props.weight.toFixed(4)), [props.weight]);
  const commit = () => {
    const v = Number(text);
    if (!Number.isFinite(v) || Math.abs(v - props.weight) < 1e-7) return setText(props.weight.toFixed(4));
    runTool('Set influence', () => editor.setInfluence(props.primitive, props.vertex, props.joint, v));
  };
  return (
    <input
      className="inspector-weight"
      aria-label={`Weight of ${props.name}`}
      data-joint={props.name}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
      }}
    />
  );
}

/**
 * The influences of the inspected vertex — the one under the pointer in Select mode, or the one
 * a click pinned (Esc or a click on nothing unpins) — and the selection's joint statistics.
 */
export function InspectorSection() {
  useUi((s) => s.weightsRev);
  useUi((s) => s.modelRev);
  useUi((s) => s.selected);
  const count = useSelectUi((s) => s.count);
  const inspected = useSelectUi(inspectedVertex);
  const pinned = useSelectUi((s) => s.inspected !== null);
  const model = editor.model;
  if (!model) return <p className="muted">No model.</p>;
  let rows: ReturnType<typeof editor.influences> = [];
  const valid = inspected && model.primitives[inspected.primitive]?.weights.vertexCount > inspected.vertex;
  if (inspected && valid) rows = editor.influences(inspected.primitive, inspected.vertex);
  const stats = editor.selection.jointStats();
  return (
    <div data-testid="inspector">
      {inspected && valid ? (
        <>
          <p className="muted" data-testid="inspected-vertex" data-pinned={pinned}>
            Vertex {inspected.vertex} (primitive {inspected.primitive})
            {pinned ? ' · pinned (Esc unpins)' : ' · under the pointer'}
          </p>
          <table className="inspector-table">
            <tbody>
              {rows.map((r) => (
                <tr key={r.joint}>
                  <td>{r.name}</td>
                  <td>
                    <WeightCell primitive={inspected.primitive} vertex={inspected.vertex} {...r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="muted">Point at a vertex in Select mode to see its influences; click to pin it.</p>
      )}
      {stats.name !== null && (
        <p data-testid="selection-stats">
          {stats.name} over {count ? '' : 'all '}
          {stats.vertexCount.toLocaleString('en-US')} {count ? 'selected ' : ''}vertices: avg{' '}
          {fmt(stats.average)}, min {fmt(stats.min)}, max {fmt(stats.max)}
        </p>
      )}
    </div>
  );
}
