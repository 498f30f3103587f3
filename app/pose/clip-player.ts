import type { PoseClip } from '../../src/editor/pose-session.ts';
import { editor } from '../editor-instance.ts';
import { type ClipChoice, usePose } from './pose-store.ts';

type TimeListener = (t: number) => void;

/**
 * Plays clips through the editor (editor.pose.sampleClip / showClip) rather than three's
 * AnimationMixer: every frame shown is the editor's pose, so the CPU surface a brush picks on is
 * always the frame on screen — pause anywhere and paint. One player per page.
 */
class ClipPlayer {
  private time = 0;
  private raf = 0;
  private last = 0;
  private generated: PoseClip | null = null;
  private readonly listeners = new Set<TimeListener>();

  get currentTime(): number {
    return this.time;
  }

  /** Chooses a clip (and shows its first frame). A range of motion starts from the current pose. */
  choose(choice: ClipChoice | null): void {
    this.pause();
    this.generated = null;
    let duration = 0;
    if (choice?.kind === 'file') duration = editor.pose.listClips()[choice.index]?.duration ?? 0;
    else if (choice?.kind === 'range') {
      this.generated = editor.pose.rangeOfMotion(choice.joint);
      duration = this.generated.duration;
    }
    usePose.setState({ clip: choice, duration });
    this.seek(0);
  }

  play(): void {
    const { clip, duration } = usePose.getState();
    if (!clip || duration <= 0 || this.raf) return;
    if (this.time >= duration) this.time = 0;
    usePose.setState({ playing: true });
    this.last = performance.now();
    this.raf = requestAnimationFrame(this.tick);
  }

  pause(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    if (usePose.getState().playing) usePose.setState({ playing: false });
  }

  /** Shows the chosen clip at t seconds (clamped): a paused frame to paint on. */
  seek(t: number): void {
    const { clip, duration } = usePose.getState();
    if (!clip || !editor.model) return;
    this.time = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), duration);
    if (clip.kind === 'file') editor.pose.sampleClip(clip.index, this.time);
    else if (this.generated) editor.pose.showClip(this.generated, this.time);
    for (const fn of this.listeners) fn(this.time);
  }

  /** Follows the playhead (the timeline slider), without going through React state. */
  onTime(fn: TimeListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Forgets the clip (a new model). */
  clear(): void {
    this.pause();
    this.generated = null;
    this.time = 0;
    for (const fn of this.listeners) fn(0);
  }

  private tick = (now: number) => {
    this.raf = 0;
    const { speed, loop, duration } = usePose.getState();
    // A long stall (a background tab) must not jump the clip by seconds.
    const dt = Math.min((now - this.last) / 1000, 0.1);
    this.last = now;
    let t = this.time + dt * speed;
    let end = false;
    if (t > duration || t < 0) {
      if (loop && duration > 0) t = ((t % duration) + duration) % duration;
      else {
        t = Math.min(Math.max(t, 0), duration);
        end = true;
      }
    }
    this.seek(t);
    if (end) this.pause();
    else this.raf = requestAnimationFrame(this.tick);
  };
}

export const clipPlayer = new ClipPlayer();
