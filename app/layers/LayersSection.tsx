import { type DragEvent, useEffect, useRef, useState } from 'react';
import type { LayerInfo } from '../../src/layers/layer-stack.ts';
import { tooltip } from '../commands.ts';
import { Icon, type IconName } from '../components/Icon.tsx';
import { Segmented } from '../components/Segmented.tsx';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { layerAction } from './layer-actions.ts';
import { useLayers } from './layers-store.ts';
import './layers.css';

function ToolButton({
  icon,
  label,
  title,
  disabled,
  testId,
  onClick,
}: {
  icon: IconName;
  label?: string;
  title: string;
  disabled?: boolean;
  testId: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`tool${label ? '' : ' icon-only'}`}
      title={title}
      aria-label={label ?? title}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}
    >
      <Icon name={icon} size={14} />
      {label && <span>{label}</span>}
    </button>
  );
}

/** The layer's name: a click makes it active, a double click (or F2) renames it in place. */
function LayerName({ layer }: { layer: LayerInfo }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(layer.name);
  const renaming = useLayers((s) => s.renaming);
  useEffect(() => {
    if (renaming === layer.id) {
      setText(layer.name);
      setEditing(true);
      useLayers.setState({ renaming: null });
    }
  }, [renaming, layer.id, layer.name]);
  if (!editing)
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: F2 renames from the keyboard
      <span
        className="layer-name"
        title={`${layer.name}: click to paint on it, double-click to rename`}
        onDoubleClick={() => {
          setText(layer.name);
          setEditing(true);
        }}
      >
        {layer.name}
      </span>
    );
  const done = (commit: boolean) => {
    setEditing(false);
    if (commit && text.trim() && text.trim() !== layer.name)
      layerAction(() => editor.layers.rename(layer.id, text));
  };
  return (
    <input
      className="layer-rename"
      aria-label="Layer name"
      // biome-ignore lint/a11y/noAutofocus: the user asked to rename this layer
      autoFocus
      value={text}
      onChange={(e) => setText(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onBlur={() => done(true)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') done(true);
        else if (e.key === 'Escape') done(false);
      }}
    />
  );
}

function LayerRow({ layer, index }: { layer: LayerInfo; index: number }) {
  const [over, setOver] = useState(false);
  const activate = () => layerAction(() => editor.layers.setActive(layer.id));
  // Drag to reorder (layers above the base only). `index` counts from the top of the list.
  const dragProps = layer.base
    ? {}
    : {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.setData('application/x-skinsmith-layer', String(layer.id));
          e.dataTransfer.effectAllowed = 'move';
        },
      };
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('application/x-skinsmith-layer')) return;
    e.preventDefault();
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    setOver(false);
    const id = Number(e.dataTransfer.getData('application/x-skinsmith-layer'));
    if (!Number.isFinite(id) || id === layer.id) return;
    e.preventDefault();
    const count = useLayers.getState().list.length - 1;
    // Dropped on a row: take its place (on the base: just above it).
    const position = layer.base ? 0 : count - 1 - index;
    layerAction(() => editor.layers.move(id, position));
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list is driven by the keyboard commands (Alt+↑/↓)
    <li
      className={`layer-row${layer.active ? ' active' : ''}${layer.visible ? '' : ' hidden'}${over ? ' drop' : ''}`}
      data-testid="layer-row"
      data-layer={layer.id}
      data-name={layer.name}
      aria-current={layer.active ? 'true' : undefined}
      onClick={activate}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      {...dragProps}
    >
      {layer.base ? (
        <span className="layer-eye placeholder" title="The base is always shown" />
      ) : (
        <button
          type="button"
          className="layer-eye"
          data-testid="layer-eye"
          aria-pressed={layer.visible}
          title={`${layer.visible ? 'Hide' : 'Show'} ${layer.name} (${tooltip('layerToggle').split(' (')[1]}`}
          onClick={(e) => {
            e.stopPropagation();
            layerAction(() => editor.layers.setVisible(layer.id, !layer.visible));
          }}
        >
          <Icon name={layer.visible ? 'eye' : 'eyeOff'} size={14} />
        </button>
      )}
      <LayerName layer={layer} />
      <span className="layer-meta muted" title="Vertices the layer has weights at">
        {layer.base ? 'base' : `${layer.painted.toLocaleString('en-US')} v`}
        {!layer.base && layer.opacity < 1 && ` · ${Math.round(layer.opacity * 100)}%`}
      </span>
    </li>
  );
}

/** The active layer's opacity: the view follows the drag, the release is one undo step. */
function OpacitySlider({ layer }: { layer: LayerInfo }) {
  const ref = useRef<HTMLInputElement>(null);
  const percent = Math.round(layer.opacity * 100);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // 'change' fires on release (or a key step): the end of the drag.
    const commit = () => layerAction(() => editor.layers.setOpacity(layer.id, Number(input.value) / 100));
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [layer.id]);
  return (
    <label className="layer-opacity" title="How much of what is below the layer replaces (× its mask)">
      <span className="muted">Opacity</span>
      <input
        ref={ref}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        data-testid="layer-opacity"
        onChange={(e) =>
          layerAction(() => editor.layers.setOpacity(layer.id, Number(e.target.value) / 100, true))
        }
      />
      <span className="layer-percent">{percent}%</span>
    </label>
  );
}

/** The Layers panel: the stack of the loaded character, what brushes paint, what the heat map shows. */
export function LayersSection() {
  useUi((s) => s.modelRev);
  const list = useLayers((s) => s.list);
  const target = useLayers((s) => s.target);
  const view = useLayers((s) => s.view);
  if (!editor.model || list.length === 0)
    return <p className="muted">Open a skinned character to use layers.</p>;
  const active = list.find((l) => l.active) ?? list[list.length - 1];
  const layersAbove = list.length - 1;
  const activeIndex = list.indexOf(active);
  return (
    <div className="layers" data-testid="layers-section">
      <div className="layer-tools">
        <ToolButton
          icon="plus"
          title={tooltip('layerNew')}
          testId="layer-add"
          onClick={() => layerAction(() => editor.layers.add())}
        />
        <ToolButton
          icon="duplicate"
          title={tooltip('layerDuplicate')}
          testId="layer-duplicate"
          onClick={() => layerAction(() => editor.layers.duplicate())}
        />
        <ToolButton
          icon="up"
          title={tooltip('layerUp')}
          testId="layer-up"
          disabled={active.base || activeIndex === 0}
          onClick={() => layerAction(() => editor.layers.move(active.id, layersAbove - activeIndex))}
        />
        <ToolButton
          icon="down"
          title={tooltip('layerDown')}
          testId="layer-down"
          disabled={active.base || activeIndex === layersAbove - 1}
          onClick={() => layerAction(() => editor.layers.move(active.id, layersAbove - activeIndex - 2))}
        />
        <ToolButton
          icon="mergeDown"
          title={tooltip('layerMergeDown')}
          testId="layer-merge"
          disabled={active.base}
          onClick={() => layerAction(() => editor.layers.mergeDown())}
        />
        <ToolButton
          icon="flatten"
          title="Flatten: bake every layer into the base (what is shown stays)"
          testId="layer-flatten"
          disabled={layersAbove === 0}
          onClick={() => layerAction(() => editor.layers.flatten())}
        />
        <ToolButton
          icon="trash"
          title={tooltip('layerDelete')}
          testId="layer-delete"
          disabled={active.base}
          onClick={() => layerAction(() => editor.layers.remove())}
        />
      </div>
      {/* Focusable: a click on a row focuses the list, and F2 then renames its active layer. */}
      <ul className="layer-list" aria-label="Weight layers, top first" tabIndex={-1}>
        {list.map((layer, i) => (
          <LayerRow key={layer.id} layer={layer} index={i} />
        ))}
      </ul>
      {!active.base && <OpacitySlider layer={active} />}
      <div className="layer-choice">
        <span className="muted">Paint</span>
        <Segmented
          name="layer-target"
          value={target}
          onChange={(t) => layerAction(() => editor.layers.setTarget(t))}
          options={[
            { value: 'weights', label: 'Weights', hint: 'Brushes paint the active layer’s weights' },
            {
              value: 'mask',
              label: 'Mask',
              hint: `Brushes paint the active layer’s mask: 1 shows the layer, 0 lets what is below through (${tooltip('layerMask').split(' (')[1]}`,
            },
          ]}
        />
      </div>
      <div className="layer-choice">
        <span className="muted">Heat map</span>
        <Segmented
          name="layer-view"
          value={view}
          onChange={(v) => layerAction(() => editor.layers.setView(v))}
          options={[
            {
              value: 'composed',
              label: 'Result',
              hint: 'The composed weights: what the mesh bends with and export writes',
            },
            {
              value: 'layer',
              label: 'This layer',
              hint: `The active layer alone: its own weights where it has some (${tooltip('layerView').split(' (')[1]}`,
            },
          ]}
        />
      </div>
      {target === 'mask' && (
        <p className="muted layer-hint" data-testid="layer-mask-hint">
          Painting the mask of {active.name}: the heat map shows it (red 1: the layer shows; blue 0: the
          layers below show through).
        </p>
      )}
    </div>
  );
}
