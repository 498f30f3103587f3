/** Icons of painting and history (same 24-unit stroke style as Icon.tsx). */
const PATHS = {
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
} as const;

export type PaintIconName = keyof typeof PATHS;

export function PaintIcon({ name, size = 16 }: { name: PaintIconName; size?: number }) {
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
