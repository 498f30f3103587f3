import { useMemo } from 'react';
import type { BlendMode } from '../../src/brush/blend.ts';
import type { BrushSettings } from '../../src/editor/brush-settings.ts';
import { COMMANDS, tooltip } from '../commands.ts';
import { SliderField } from '../components/SliderField.tsx';
import { editor } from '../editor-instance.ts';
import { useSelectUi } from '../select/select-store.ts';
import { useUi } from '../store.ts';
import { withRefusalToast } from './connect-paint.ts';
import { FalloffPicker } from './FalloffPicker.tsx';
import { MirrorControls } from './MirrorControls.tsx';
import { BRUSHES } from './paint-commands.ts';
import { RADIUS_PX_MAX, setBrush, setRadiusPx, usePaint } from './paint-store.ts';
import './brush-panel.css';
import { Icon } from '../components/Icon.tsx';
import { vertices } from '../format.ts';

const BRUSH_COMMAND = {
  draw: 'brushDraw',
  add: 'brushAdd',
  subtract: 'brushSubtract',
  smooth: 'brushSmooth',
  smear: 'brushSmear',
  sample: 'brushSample',
} as const;

const BLENDS: BlendMode[] = ['mix', 'add', 'subtract', 'multiply', 'lighten', 'darken'];

/** The model's size (bounding-box diagonal of its skinned vertices): the world radius slider's scale. */
function useModelSize(): number {
  const modelRev = useUi((s) => s.modelRev);
  // biome-ignore lint/correctness/useExhaustiveDependencies: modelRev stands for editor.model
  return useMemo(() => {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (const p of editor.model?.primitives ?? []) {
      for (let i = 0; i < p.positions.length; i += 3) {
        for (let c = 0; c < 3; c++) {
          lo[c] = Math.min(lo[c], p.positions[i + c]);
          hi[c] = Math.max(hi[c], p.positions[i + c]);
        }
      }
    }
    const d = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    return Number.isFinite(d) && d > 0 ? d : 1;
  }, [modelRev]);
}

function BrushButtons({ brush }: { brush: BrushSettings['brush'] }) {
  return (
    <div className="brush-buttons">
      {BRUSHES.map((b) => (
        <button
          key={b.type}
          type="button"
          aria-pressed={brush === b.type}
          className="brush-button"
          data-brush={b.type}
          title={tooltip(BRUSH_COMMAND[b.type])}
          onClick={() => setBrush({ brush: b.type })}
        >
          <Icon name={b.type} />
          <span>{b.label}</span>
        </button>
      ))}
    </div>
  );
}

function RadiusField({ size }: { size: number }) {
  const unit = usePaint((s) => s.radiusUnit);
  const px = usePaint((s) => s.radiusPx);
  const world = usePaint((s) => s.settings.radius);
  const toggle = (
    <div className="segmented unit">
      {(['px', 'world'] as const).map((u) => (
        <button
          key={u}
          type="button"
          aria-pressed={unit === u}
          title={
            u === 'px'
              ? 'Radius in screen pixels: the brush covers the same part of the view at any zoom'
              : 'Radius in world units (metres): the brush covers the same part of the body at any zoom'
          }
          onClick={() => usePaint.setState({ radiusUnit: u })}
        >
          {u === 'px' ? 'px' : 'm'}
        </button>
      ))}
    </div>
  );
  const hint = `Brush radius (${COMMANDS.radiusDrag.shortcut} drag, ${COMMANDS.radiusSmaller.shortcut} / ${COMMANDS.radiusLarger.shortcut} steps)`;
  return unit === 'px' ? (
    <SliderField
      label="Radius"
      value={px}
      min={2}
      max={Math.min(300, RADIUS_PX_MAX)}
      step={1}
      digits={0}
      title={hint}
      testId="brush-radius"
      onChange={setRadiusPx}
      suffix={toggle}
    />
  ) : (
    <SliderField
      label="Radius"
      value={world}
      min={size / 2000}
      max={size / 4}
      step={size / 2000}
      digits={3}
      title={hint}
      testId="brush-radius"
      onChange={(radius) => setBrush({ radius: Math.max(radius, 1e-6) })}
      suffix={toggle}
    />
  );
}

function Check({
  label,
  title,
  field,
  settings,
}: {
  label: string;
  title: string;
  field: 'pressureStrength' | 'pressureRadius' | 'accumulate' | 'frontFacesOnly' | 'connectedOnly';
  settings: BrushSettings;
}) {
  return (
    <label className="check" title={title}>
      <input
        type="checkbox"
        checked={settings[field]}
        data-testid={`brush-${field}`}
        onChange={(e) => setBrush({ [field]: e.target.checked })}
      />
      {label}
    </label>
  );
}

/**
 * Vertex selection masking (Blender's), shown while vertices are selected: on, strokes change
 * only the selected vertices (the selection's points stay drawn in Paint mode).
 */
function SelectionMaskCheck({ on }: { on: boolean }) {
  const count = useSelectUi((s) => s.count);
  if (count === 0) return null;
  return (
    <label className="check selection-mask" title={tooltip('selectionMask')}>
      <input
        type="checkbox"
        checked={on}
        data-testid="brush-selectionMask"
        onChange={(e) => setBrush({ selectionMask: e.target.checked })}
      />
      Only inside the selection ({vertices(count)})
    </label>
  );
}

/** The right panel's Brush section: every brush setting the PaintSession has, plus Flood. */
export function BrushPanel() {
  const settings = usePaint((s) => s.settings);
  const mode = useUi((s) => s.mode);
  const selected = useUi((s) => s.selected);
  useUi((s) => s.locksRev); // editor.locks below
  const size = useModelSize();
  const locked = selected !== null && editor.locks.has(selected);
  const name = selected === null ? null : editor.model?.joints.get(selected)?.name;
  return (
    <div className="brush-panel" data-testid="brush-panel">
      {mode !== 'paint' && (
        <button
          type="button"
          className="enter-paint"
          title={tooltip('paintMode')}
          onClick={COMMANDS.paintMode.run}
        >
          <Icon name="draw" /> Paint weights
        </button>
      )}
      <BrushButtons brush={settings.brush} />
      {locked && (
        <p className="brush-warning" role="status">
          {name} is locked: unlock it to paint ({COMMANDS.lockSelected.shortcut}).
        </p>
      )}
      <RadiusField size={size} />
      <SliderField
        label="Strength"
        value={settings.strength}
        min={0}
        max={1}
        step={0.01}
        title={`How far one dab moves the weight (${COMMANDS.strengthDrag.shortcut} drag)`}
        testId="brush-strength"
        onChange={(strength) => setBrush({ strength })}
      />
      <SliderField
        label="Weight"
        value={settings.weight}
        min={0}
        max={1}
        step={0.01}
        title="Target weight of Draw and Flood, and the amount Add and Subtract move per full dab (Sample sets it)"
        testId="brush-weight"
        onChange={(weight) => setBrush({ weight })}
      />
      <div className="brush-row">
        <span className="label">Falloff</span>
        <FalloffPicker value={settings.falloff} onChange={(falloff) => setBrush({ falloff })} />
      </div>
      {settings.brush === 'draw' && (
        <label
          className="brush-row"
          title="How Draw combines the weight under the brush with the target (Blender's blend modes)"
        >
          <span className="label">Blend</span>
          <select value={settings.blend} onChange={(e) => setBrush({ blend: e.target.value as BlendMode })}>
            {BLENDS.map((b) => (
              <option key={b} value={b}>
                {b[0].toUpperCase() + b.slice(1)}
              </option>
            ))}
          </select>
        </label>
      )}
      <SliderField
        label="Spacing"
        value={settings.spacing}
        min={0}
        max={1}
        step={0.01}
        title="A dab every spacing × radius along the stroke (0: one per pointer sample)"
        testId="brush-spacing"
        onChange={(spacing) => setBrush({ spacing })}
      />
      <div className="checks">
        <SelectionMaskCheck on={settings.selectionMask} />
        <Check
          label="Pressure → strength"
          title="A pen's pressure scales the strength"
          field="pressureStrength"
          settings={settings}
        />
        <Check
          label="Pressure → radius"
          title="A pen's pressure scales the radius"
          field="pressureRadius"
          settings={settings}
        />
        <Check
          label="Accumulate"
          title="Off: one stroke never moves a vertex further than its strongest dab would (Blender). On: dabs build up."
          field="accumulate"
          settings={settings}
        />
        <Check
          label="Front faces only"
          title="Skip vertices facing away from you; off paints through the mesh"
          field="frontFacesOnly"
          settings={settings}
        />
        <Check
          label="Connected surface only"
          title="Only the surface connected to the point under the brush (a brush on the inner thigh does not bleed onto the other leg)"
          field="connectedOnly"
          settings={settings}
        />
      </div>
      <MirrorControls />
      <button
        type="button"
        className="flood"
        data-testid="brush-flood"
        title="Flood: set the selected joint to the target weight on every vertex, or only the selected ones while the brush is masked by the selection (one undo step)"
        onClick={() => withRefusalToast(() => editor.paint.floodMasked())}
        disabled={!editor.model}
      >
        <Icon name="flood" /> Flood {settings.weight.toFixed(2)}
      </button>
      <p className="muted brush-keys">
        Shift held: smooth · Ctrl held: invert · F / Shift+F: radius / strength · ? all keys
      </p>
    </div>
  );
}
