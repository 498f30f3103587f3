import { type ReactNode, useState } from 'react';
import { Icon } from './Icon.tsx';

/** A collapsible panel section, like Blender's property panels. */
export function Section({
  title,
  open = true,
  children,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(open);
  return (
    <section className={`section${expanded ? ' open' : ''}`}>
      <button
        type="button"
        className="section-title"
        aria-expanded={expanded}
        title={`${expanded ? 'Collapse' : 'Expand'} ${title}`}
        onClick={() => setExpanded(!expanded)}
      >
        <Icon name="chevron" size={12} />
        {title}
      </button>
      {expanded && <div className="section-body">{children}</div>}
    </section>
  );
}
