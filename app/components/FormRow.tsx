import type { ReactNode } from 'react';

/** One labelled row of a panel form (Auto-bind, Transfer): the label, then its controls. */
export function FormRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="ab-row" title={hint}>
      <span className="ab-label">{label}</span>
      {children}
    </div>
  );
}
