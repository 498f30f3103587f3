import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { needsSkin, useAutobind } from '../bind/autobind-store.ts';
import { tooltip } from '../commands.ts';
import { Icon } from '../components/Icon.tsx';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { useJointCounts } from '../useJointCounts.ts';
import { HumanBoneBadge, humanBonesOf } from '../vrm/HumanBoneBadge.tsx';
import {
  ancestorsOf,
  type JointRow,
  jointRows,
  nameBreaks,
  rowIndent,
  sharedNamePrefix,
} from './joint-rows.ts';
import { PanelResizer } from './PanelResizer.tsx';
import { SampleJointButton } from './SampleJointButton.tsx';
import { useTreeDrag } from './tree-drag.ts';

/** A name that wraps between its words (camelCase, numbers, separators) when the panel is narrow. */
function BreakableName({ name }: { name: string }) {
  let at = 0;
  return nameBreaks(name).map((piece) => {
    const start = at;
    at += piece.length;
    return start === 0 ? (
      <span key={start}>{piece}</span>
    ) : (
      <span key={start}>
        <wbr />
        {piece}
      </span>
    );
  });
}

function Row({
  row,
  count,
  locked,
  excluded,
  selected,
  onToggle,
  prefix,
}: {
  row: JointRow;
  /** Folded from the shown name (shared by every joint); the tooltip keeps the full name. */
  prefix: string;
  count: number;
  locked: boolean;
  /** Left out of auto-bind (a root, IK target or helper). */
  excluded: boolean;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  const drag = useTreeDrag(row.id);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree (which holds focus) handles the keys for its rows
    <div
      className={`joint-row${selected ? ' selected' : ''}${locked ? ' locked' : ''}${excluded ? ' excluded' : ''}`}
      role="treeitem"
      tabIndex={-1}
      aria-selected={selected}
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      data-joint-id={row.id}
      style={{ paddingLeft: rowIndent(row.depth) }}
      onClick={() => editor.selectJoint(row.id)}
      title={`${row.name} (node ${row.id}): ${count} vertices`}
      {...drag}
    >
      <button
        type="button"
        className={`twisty${row.hasChildren ? '' : ' leaf'}${row.expanded ? ' open' : ''}`}
        tabIndex={-1}
        aria-label={row.expanded ? 'Collapse' : 'Expand'}
        title={row.hasChildren ? (row.expanded ? 'Collapse (←)' : 'Expand (→)') : undefined}
        onClick={(e) => {
          // A leaf's twisty is empty space: the click selects the row.
          if (!row.hasChildren) return;
          e.stopPropagation();
          onToggle(row.id);
        }}
      >
        {row.hasChildren && <Icon name="chevron" size={12} />}
      </button>
      <span className="joint-name">
        <BreakableName name={prefix ? row.name.slice(prefix.length) : row.name} />
      </span>
      {row.humanBone && <HumanBoneBadge bone={row.humanBone} />}
      <span className={`count${count === 0 ? ' zero' : ''}`}>{count.toLocaleString('en-US')}</span>
      <button
        type="button"
        className={`lock exclude${excluded ? ' on' : ''}`}
        tabIndex={-1}
        aria-pressed={excluded}
        aria-label={`Exclude ${row.name} from binding`}
        title={
          excluded
            ? `${row.name} is excluded from auto-bind: click to bind it again`
            : `Exclude ${row.name} from auto-bind (a root, IK target or helper that should not deform)`
        }
        onClick={(e) => {
          e.stopPropagation();
          editor.setExcluded(row.id, !excluded);
        }}
      >
        <Icon name="exclude" size={13} />
      </button>
      <button
        type="button"
        className={`lock${locked ? ' on' : ''}`}
        tabIndex={-1}
        aria-pressed={locked}
        title={`${locked ? 'Unlock' : 'Lock'} the weights of ${row.name} (L on the selected joint)`}
        onClick={(e) => {
          e.stopPropagation();
          editor.setLocked(row.id, !locked);
        }}
      >
        <Icon name={locked ? 'lock' : 'unlock'} size={13} />
      </button>
    </div>
  );
}

/** The skeleton tree: search, collapse, select (in sync with the viewport), lock, vertex counts. */
export function JointPanel() {
  useUi((s) => s.modelRev); // re-render on a new model (editor.model below)
  useUi((s) => s.locksRev); // …and when locks change (editor.locks below)
  useAutobind((s) => s.excludedRev); // …and exclusions (editor.excluded below)
  const selected = useUi((s) => s.selected);
  const counts = useJointCounts();
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const model = editor.model;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new model starts fully expanded
  useEffect(() => setCollapsed(new Set()), [model]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: model is editor.model, a new object per load
  const rows = useMemo(
    () => (model ? jointRows(model, collapsed, query, humanBonesOf(editor.vrm)) : []),
    [model, collapsed, query],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: model is editor.model, a new object per load
  const prefix = useMemo(
    () => (model ? sharedNamePrefix([...model.joints.values()].map((j) => j.name)) : ''),
    [model],
  );

  // A joint selected elsewhere (viewport, script): open its branch, once per selection, so the
  // user can still collapse that branch afterwards.
  useEffect(() => {
    if (selected === null || !editor.model) return;
    const ancestors = ancestorsOf(editor.model, selected);
    setCollapsed((c) =>
      ancestors.some((id) => c.has(id)) ? new Set([...c].filter((id) => !ancestors.includes(id))) : c,
    );
  }, [selected]);
  // …and bring its row into view once it is there.
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (selected === null || scrolledTo.current === selected || !rows.some((r) => r.id === selected)) return;
    scrolledTo.current = selected;
    document.querySelector(`[data-joint-id="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, rows]);

  const toggle = (id: number) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Arrow keys walk the visible rows; left/right collapse and expand, like a DCC outliner.
  const onKeyDown = (e: KeyboardEvent) => {
    const i = rows.findIndex((r) => r.id === selected);
    const row = rows[i];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const next = rows[Math.min(rows.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)))];
      if (next) editor.selectJoint(next.id);
    } else if (row && e.key === 'ArrowLeft' && row.hasChildren && row.expanded) toggle(row.id);
    else if (row && e.key === 'ArrowRight' && row.hasChildren && !row.expanded) toggle(row.id);
    else return;
    e.preventDefault();
  };

  return (
    <aside className="panel left" aria-label="Skeleton">
      <div className="panel-title">
        <span>Skeleton</span>
        {prefix && (
          <span
            className="joint-prefix"
            data-testid="joint-prefix"
            title={`Every joint's name starts with "${prefix}": folded from the rows (hover a row for its full name)`}
          >
            {prefix}…
          </span>
        )}
        <span className="muted">{model ? `${model.joints.size} joints` : ''}</span>
        <SampleJointButton />
      </div>
      <label className="search" title={tooltip('search')}>
        <Icon name="search" size={14} />
        <input
          id="joint-search"
          type="search"
          placeholder="Filter joints  /"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            setQuery('');
            e.currentTarget.blur();
          }}
        />
      </label>
      <div className="tree" role="tree" aria-label="Joints" tabIndex={0} onKeyDown={onKeyDown}>
        {rows.map((row) => (
          <Row
            key={row.id}
            row={row}
            count={counts.get(row.id) ?? 0}
            locked={editor.locks.has(row.id)}
            excluded={editor.excluded.has(row.id)}
            selected={row.id === selected}
            onToggle={toggle}
            prefix={prefix}
          />
        ))}
        {model && rows.length === 0 && (
          <div className="empty">
            {query
              ? `No joint matches "${query}".`
              : needsSkin()
                ? 'This file has no skin yet: create one from its skeleton in Auto-bind (Ctrl+B).'
                : 'This file has no skeleton.'}
          </div>
        )}
      </div>
      <PanelResizer />
    </aside>
  );
}
