import { useState } from 'react';
import { NumberField } from '../components/NumberField.tsx';
import { editor } from '../editor-instance.ts';
import { vertices } from '../format.ts';
import { useSelectUi } from '../select/select-store.ts';
import { useUi } from '../store.ts';
import { runTool } from './ToolsPanel.tsx';

function Btn({ label, title, onClick }: { label: string; title: string; onClick: () => void }) {
  return (
    <button type="button" className="tool small" title={title} onClick={onClick} data-tool={label}>
      {label}
    </button>
  );
}

/**
 * Copy as a rigger means it: the vertex pinned in the Inspector (Blender's active vertex) when
 * there is one, else the selection's average; the toast says which and what.
 */
function copyWeights(): void {
  const toast = useUi.getState().showToast;
  if (!editor.model) {
    toast('warning', 'Open a model first.');
    return;
  }
  const pinned = useSelectUi.getState().inspected;
  try {
    const copied = pinned ? editor.tools.copy(pinned.primitive, pinned.vertex) : editor.tools.copy();
    if (!copied) {
      toast('warning', 'Copy: select vertices, or click one in Select mode to pin it.');
      return;
    }
    const shown = copied.average.slice(0, 3).map((i) => `${i.name} ${i.weight.toFixed(2)}`);
    if (copied.average.length > 3) shown.push('…');
    const what = pinned ? `vertex ${pinned.vertex}'s weights` : `the average of ${vertices(copied.count)}`;
    toast('info', `Copied ${what}: ${shown.join(', ')}. Select vertices and Paste.`);
  } catch (err) {
    toast('warning', `Copy: ${(err as Error).message}`);
  }
}

/**
 * The weight tools of `editor.tools`, on the selection (or everything when nothing is
 * selected). Each button is one undo step in the editor; the toast says what it changed.
 */
export function WeightToolsSection() {
  const selected = useUi((s) => s.selected);
  useUi((s) => s.modelRev);
  const [iterations, setIterations] = useState(2);
  const [strength, setStrength] = useState(0.5);
  const [threshold, setThreshold] = useState(0.01);
  const [maxInfluences, setMax] = useState(4);
  const [value, setValue] = useState(0.5);
  const [target, setTarget] = useState('parent');
  const t = () => editor.tools;
  const joints = editor.model ? [...editor.model.joints.values()] : [];
  return (
    <div className="tools-grid" data-testid="weight-tools">
      <div className="row">
        <Btn
          label="Normalize"
          title="Make each vertex's weights sum to 1"
          onClick={() => runTool('Normalize', () => t().normalize())}
        />
        <Btn
          label="Weld seams"
          title="Give the vertices of a seam the same weights"
          onClick={() => runTool('Weld seams', () => t().weldSeams())}
        />
      </div>
      <NumberField label="Iterations" value={iterations} step={1} set={setIterations} />
      <div className="row tool-row">
        <NumberField label="Strength" value={strength} step={0.1} set={setStrength} />
        <Btn
          label="Smooth"
          title="Smooth along the surface"
          onClick={() => runTool('Smooth', () => t().smooth({ iterations, strength }))}
        />
      </div>
      <div className="row tool-row">
        <NumberField label="Prune below" value={threshold} step={0.01} set={setThreshold} />
        <Btn
          label="Prune"
          title="Remove influences below the threshold"
          onClick={() => runTool('Prune', () => t().prune({ threshold }))}
        />
      </div>
      <div className="row tool-row">
        <NumberField label="Max influences" value={maxInfluences} step={1} set={setMax} />
        <Btn
          label="Limit"
          title="Keep the strongest influences only"
          onClick={() => runTool('Limit', () => t().limit({ maxInfluences }))}
        />
      </div>
      <div className="row">
        <Btn
          label="L→R"
          title="Mirror weights left to right"
          onClick={() => runTool('Mirror', () => t().mirror({ direction: 'left-to-right' }))}
        />
        <Btn
          label="R→L"
          title="Mirror weights right to left"
          onClick={() => runTool('Mirror', () => t().mirror({ direction: 'right-to-left' }))}
        />
        <Btn
          label="Flip"
          title="Swap the sides' weights"
          onClick={() => runTool('Flip', () => t().mirror({ direction: 'flip' }))}
        />
      </div>
      <label className="field">
        <span className="label">Move to</span>
        <select
          className="value"
          value={target}
          aria-label="Move weight to"
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="parent">parent</option>
          {joints.map((j) => (
            <option key={j.id} value={String(j.id)}>
              {j.name}
            </option>
          ))}
        </select>
      </label>
      <Btn
        label="Move weight"
        title="Move all of the selected joint's weight to the chosen joint"
        onClick={() =>
          runTool('Move weight', () => {
            if (selected === null) throw new Error('select a joint first');
            return t().moveWeight(selected, target === 'parent' ? 'parent' : Number(target));
          })
        }
      />
      <div className="row tool-row">
        <NumberField label="Weight" value={value} step={0.05} set={setValue} />
        <Btn
          label="Set weight"
          title="Set the selected joint's weight on the selection"
          onClick={() => runTool('Set weight', () => t().setWeight(value))}
        />
      </div>
      <div className="row">
        <Btn
          label="Copy"
          title="Copy the pinned vertex's weights (click one in Select mode), or the selection's average"
          onClick={copyWeights}
        />
        <Btn
          label="Paste"
          title="Paste the copied weights onto the selection (locked joints keep theirs)"
          onClick={() => runTool('Paste', () => t().paste())}
        />
      </div>
    </div>
  );
}
