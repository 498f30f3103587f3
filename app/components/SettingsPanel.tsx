import { ChecksSection } from '../checks/ChecksSection.tsx';
import { editor } from '../editor-instance.ts';
import { LayersSection } from '../layers/LayersSection.tsx';
import { useLayers } from '../layers/layers-store.ts';
import { BrushPanel } from '../paint/BrushPanel.tsx';
import { PoseClips } from '../pose/PoseClips.tsx';
import { PoseInspect } from '../pose/PoseInspect.tsx';
import { PosePanel } from '../pose/PosePanel.tsx';
import { InspectorSection } from '../select/InspectorPanel.tsx';
import { SkeletonPanel } from '../skeleton/SkeletonPanel.tsx';
import { useUi } from '../store.ts';
import { SelectionSection } from '../tools/ToolsPanel.tsx';
import { WeightToolsSection } from '../tools/WeightToolsSection.tsx';
import { TransferSection } from '../transfer/TransferSection.tsx';
import { useJointCounts } from '../useJointCounts.ts';
import { HEAT_STOPS, HEAT_ZERO_SRGB } from '../viewport/heat-colors.ts';
import { ViewSettings } from '../viewport/ViewSettings.tsx';
import { Section } from './Section.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <span className="value">{children}</span>
    </div>
  );
}

function JointInfoSection() {
  useUi((s) => s.modelRev); // re-render on a new model (editor.model below)
  useUi((s) => s.locksRev); // …and when locks change (editor.locks below)
  const selected = useUi((s) => s.selected);
  const counts = useJointCounts();
  const model = editor.model;
  const joint = selected === null ? undefined : model?.joints.get(selected);
  if (!model || !joint)
    return <p className="muted">No joint selected. Pick one in the tree or click a bone.</p>;
  const parent = model.joints.get(joint.parent);
  const skins = model.skins
    .filter((s) => s.joints.includes(joint.id))
    .map((s) => s.name || `skin ${s.index}`);
  const locked = editor.locks.has(joint.id);
  return (
    <>
      <Field label="Name">
        <strong data-testid="selected-joint">{joint.name}</strong>
      </Field>
      <Field label="Node">{joint.id}</Field>
      <Field label="Parent">{parent ? parent.name : '—'}</Field>
      <Field label="Children">{joint.children.length}</Field>
      <Field label="Influences">
        <span data-testid="selected-count">{(counts.get(joint.id) ?? 0).toLocaleString('en-US')}</span>{' '}
        vertices
      </Field>
      <Field label="Skins">{skins.join(', ') || '—'}</Field>
      <Field label="Locked">
        <label className="check">
          <input type="checkbox" checked={locked} onChange={() => editor.setLocked(joint.id, !locked)} />
          {locked ? 'yes: tools keep its weights' : 'no'}
        </label>
      </Field>
    </>
  );
}

/** The heat map's colour key, drawn with the same stops as the shader. */
function Legend() {
  const influences = useUi((s) => s.influences);
  const transfer = useUi((s) => s.transferView);
  const layerView = useLayers((s) => s.view);
  const target = useLayers((s) => s.target);
  const active = useLayers((s) => s.list.find((l) => l.active));
  if (influences || transfer)
    return (
      <p className="muted" data-testid="heatmap-hidden">
        The {transfer ? 'transfer' : 'influence-count'} view is on (its key is over the view); H brings the
        heat map back.
      </p>
    );
  const what =
    target === 'mask'
      ? `The mask of ${active?.name ?? 'the layer'}`
      : layerView === 'layer'
        ? `${active?.name ?? 'The layer'} alone (its own weights)`
        : null;
  return (
    <div
      className="legend"
      title="Weight of the selected joint: 0 (blue) to 1 (red); no influence is grey-blue"
    >
      {what && (
        <span className="legend-what" data-testid="heatmap-layer">
          {what}
        </span>
      )}
      <span className="swatch" style={{ background: HEAT_ZERO_SRGB }} />
      <span
        className="ramp"
        style={{ background: `linear-gradient(in srgb-linear to right, ${HEAT_STOPS.join(', ')})` }}
      />
      <span className="muted">none</span>
      <span className="legend-labels">
        <span>0</span>
        <span>0.5</span>
        <span>1</span>
      </span>
    </div>
  );
}

/** The right-hand panel: the selected joint, the heat map key, and the tools of the current mode first. */
export function SettingsPanel() {
  // In Paint mode the brush comes first, under the joint it paints; in Pose mode the Pose section
  // (the gizmo's sliders); elsewhere they wait their turn.
  const mode = useUi((s) => s.mode);
  const painting = mode === 'paint';
  const posing = mode === 'pose';
  const pose = (
    <Section title="Pose">
      <PosePanel />
    </Section>
  );
  const brush = (
    <Section title="Brush">
      <BrushPanel />
    </Section>
  );
  return (
    <aside className="panel right" aria-label="Settings">
      <Section title="Joint">
        <JointInfoSection />
      </Section>
      {mode === 'skeleton' && (
        <Section title="Skeleton">
          <SkeletonPanel />
        </Section>
      )}
      <Section title="Layers">
        <LayersSection />
      </Section>
      {painting && brush}
      {posing && pose}
      <Section title="Heat map">
        <Legend />
      </Section>
      <Section title="Selection">
        <SelectionSection />
      </Section>
      <Section title="Inspector">
        <InspectorSection />
      </Section>
      <Section title="Weight tools">
        <WeightToolsSection />
      </Section>
      <Section title="Checks">
        <ChecksSection />
      </Section>
      <Section title="Transfer weights">
        <TransferSection />
      </Section>
      {!painting && brush}
      {!posing && pose}
      <Section title="Animation" open={false}>
        <PoseClips />
      </Section>
      <Section title="Skinning and creases" open={false}>
        <PoseInspect />
      </Section>
      <Section title="View" open={false}>
        <ViewSettings />
      </Section>
    </aside>
  );
}
