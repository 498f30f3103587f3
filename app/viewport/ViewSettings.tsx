import { FormRow } from '../components/FormRow.tsx';
import { Segmented } from '../components/Segmented.tsx';
import type { OrbitStyle } from './camera-math.ts';
import { useCamera } from './camera-store.ts';

/** The camera's settings (the View section): how a drag orbits, about what, and the projection. */
export function ViewSettings() {
  const style = useCamera((s) => s.style);
  const aroundPick = useCamera((s) => s.aroundPick);
  const ortho = useCamera((s) => s.ortho);
  const set = useCamera((s) => s.set);
  return (
    <div className="ab-form view-settings" style={{ padding: 0 }}>
      <FormRow label="Orbit">
        <Segmented<OrbitStyle>
          className="ab-segmented"
          name="view-orbit"
          options={[
            {
              value: 'turntable',
              label: 'Turntable',
              hint: 'About the up axis: the character never tilts (Blender, Maya)',
            },
            {
              value: 'trackball',
              label: 'Trackball',
              hint: 'Free: the view turns about the screen and can roll',
            },
          ]}
          value={style}
          onChange={(value) => set({ style: value })}
        />
      </FormRow>
      <FormRow label="Projection" hint="Numpad 5 switches">
        <Segmented<'persp' | 'ortho'>
          className="ab-segmented"
          name="view-projection"
          options={[
            { value: 'persp', label: 'Perspective', hint: 'As a camera sees (Numpad 5)' },
            { value: 'ortho', label: 'Orthographic', hint: 'No foreshortening: true proportions (Numpad 5)' },
          ]}
          value={ortho ? 'ortho' : 'persp'}
          onChange={(value) => set({ ortho: value === 'ortho' })}
        />
      </FormRow>
      <label
        className="check"
        title="Blender's Orbit Around Selection; framing (A, F, .) centres the view again"
      >
        <input type="checkbox" checked={aroundPick} onChange={() => set({ aroundPick: !aroundPick })} />
        Orbit around the last painted or picked point
      </label>
    </div>
  );
}
