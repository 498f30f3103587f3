import { useEffect, useRef } from 'react';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { clipPlayer } from './clip-player.ts';
import { type ClipChoice, usePose } from './pose-store.ts';

const SPEEDS = [0.25, 0.5, 1, 1.5, 2];

/** The select's value for a clip choice ('' = none). */
function keyOf(c: ClipChoice | null): string {
  if (!c) return '';
  return c.kind === 'file' ? `file:${c.index}` : c.joint === null ? 'range:all' : 'range:joint';
}

/**
 * The file's clips and the generated range of motion, with play/pause, loop, speed and a
 * timeline to scrub. Frames are the editor's pose (clip-player.ts): pause anywhere and paint.
 * The playhead moves the slider directly (a ref), not through React state, at display rate.
 */
export function PoseClips() {
  useUi((s) => s.modelRev);
  const selected = useUi((s) => s.selected);
  const { clip, playing, loop, speed, duration } = usePose();
  const timeline = useRef<HTMLInputElement>(null);
  const readout = useRef<HTMLSpanElement>(null);
  useEffect(
    () =>
      clipPlayer.onTime((t) => {
        if (timeline.current) timeline.current.value = String(t);
        if (readout.current) readout.current.textContent = `${t.toFixed(2)} s`;
      }),
    [],
  );
  const clips = editor.model ? editor.pose.listClips() : [];
  const choose = (value: string) => {
    if (!editor.model) return;
    if (value.startsWith('file:')) clipPlayer.choose({ kind: 'file', index: Number(value.slice(5)) });
    else if (value === 'range:all') clipPlayer.choose({ kind: 'range', joint: null });
    else if (value === 'range:joint' && selected !== null)
      clipPlayer.choose({ kind: 'range', joint: selected });
    else clipPlayer.choose(null);
  };
  return (
    <div className="pose-clips">
      <div className="pose-row">
        <select
          aria-label="Clip"
          className="pose-select"
          value={keyOf(clip)}
          onChange={(e) => choose(e.target.value)}
          disabled={!editor.model}
        >
          <option value="">{clips.length ? 'Choose a clip…' : 'No clips in this file'}</option>
          {clips.map((c) => (
            <option key={c.index} value={`file:${c.index}`}>
              {c.name || `Animation ${c.index}`} ({c.duration.toFixed(1)} s)
            </option>
          ))}
          <option value="range:joint" disabled={selected === null}>
            Range of motion: selected joint
          </option>
          <option value="range:all">Range of motion: every joint</option>
        </select>
      </div>
      <div className="pose-row">
        <button
          type="button"
          className="pose-button"
          data-testid="clip-play"
          disabled={!clip}
          title={playing ? 'Pause (paint on the paused frame)' : 'Play the clip'}
          onClick={() => (playing ? clipPlayer.pause() : clipPlayer.play())}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <label className="check" title="Start again at the end">
          <input type="checkbox" checked={loop} onChange={() => usePose.setState({ loop: !loop })} />
          Loop
        </label>
        <select
          aria-label="Speed"
          className="pose-select narrow"
          value={speed}
          title="Playback speed"
          onChange={(e) => usePose.setState({ speed: Number(e.target.value) })}
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </div>
      <div className="pose-row">
        <input
          ref={timeline}
          type="range"
          aria-label="Timeline"
          className="pose-timeline"
          min={0}
          max={duration || 1}
          step={0.01}
          defaultValue={0}
          disabled={!clip}
          onChange={(e) => {
            clipPlayer.pause();
            clipPlayer.seek(Number(e.target.value));
          }}
        />
        <span ref={readout} className="pose-time">
          0.00 s
        </span>
      </div>
    </div>
  );
}
