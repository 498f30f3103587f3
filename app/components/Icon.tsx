/** Stroke icons (24-unit grid), inline so the toolbar needs no icon font or extra request. */
const PATHS = {
  open: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  frame: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  focus: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5M12 9v6M9 12h6',
  heat: 'M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-5 1-8.5z',
  wire: 'M4 4h16v16H4zM4 12h16M12 4v16M4 4l16 16',
  texture: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01',
  bones: 'M12 3l3 5-3 13-3-13zM9 8h6',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  unlock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 6.8-1.2',
  chevron: 'M9 6l6 6-6 6',
  left: 'M4 5h16v14H4zM9 5v14',
  right: 'M4 5h16v14H4zM15 5v14',
  close: 'M6 6l12 12M18 6L6 18',
  warning: 'M12 4l9 16H3zM12 10v4M12 17v.01',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16v.01',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5M12 8v.01',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM16 16l4 4',
  brush: 'M14 4l6 6-8 8H6v-6zM6 18l-2 2',
  pose: 'M12 5a1.5 1.5 0 1 0 0-.01M12 8v6M8 21l4-7 4 7M7 10l5-1 5 1',
  skeleton:
    'M3.5 18a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M15.5 6a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M7.8 16.2l8.4-8.4',
  export: 'M12 4v11M7 10l5 5 5-5M5 19h14',
  save: 'M5 4h11l3 3v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1zM8 4v5h7V4M8 20v-6h8v6',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  bind: 'M6 4v6l6 4 6-4V4M12 14v6M8 20h8',
  exclude: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  counts: 'M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5zM13 13h6v6h-6zM8 7v2M15 7h2v2h-2zM16 15v3',
  eye: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  // Brushes and history.
  draw: 'M14 4l6 6-8 8H6v-6zM6 18l-2 2',
  add: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v8M8 12h8',
  subtract: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12h8',
  smooth: 'M3 14c3-6 6-6 9 0s6 6 9 0M3 9c3-3 6-3 9 0s6 3 9 0',
  smear: 'M4 16c4 0 6-8 10-8h6M17 5l3 3-3 3M4 20h6',
  sample: 'M15 4l5 5-2 2-5-5zM13 6l-8 8-1 6 6-1 8-8',
  flood: 'M5 11l7-7 7 7-7 7zM19 15c0 2 1 3 1 4a1 1 0 0 1-2 0c0-1 1-2 1-4z',
  mirror: 'M12 3v18M9 6L4 12l5 6zM15 6l5 6-5 6z',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  keys: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
  // Weight layers.
  layers: 'M12 4l9 5-9 5-9-5zM3 14l9 5 9-5',
  plus: 'M12 5v14M5 12h14',
  duplicate: 'M8 8h12v12H8zM4 16V4h12',
  mergeDown: 'M12 4v10M8 10l4 4 4-4M5 19h14',
  flatten: 'M4 9l8 4 8-4M4 15l8 4 8-4M12 3v6M9 6l3 3 3-3',
  eyeOff: 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM4 4l16 16',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  mask: 'M4 4h16v16H4zM12 4a8 8 0 0 1 0 16',
  // The toolbar's More menu and the camera's views.
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  viewFront: 'M12 4a2 2 0 1 0 0 .01M12 7v7M8 21l4-7 4 7M7 9h10',
  viewSide: 'M12 4a2 2 0 1 0 0 .01M12 7v7M10 21l2-7 2 7M12 9l2 3',
  viewTop: 'M12 12m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0M4 12h5M15 12h5',
  ortho: 'M4 8h10v10H4zM8 4h12v10M4 8l4-4M14 8l6-4M14 18l6-4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
