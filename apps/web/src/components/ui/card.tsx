import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

type CardProps = {
  /** The card's heading; a section with a heading is a landmark-free group that screen readers list. */
  title?: ReactNode;
  /** The heading's level in the page's outline (h2 by default). */
  headingLevel?: 2 | 3;
  icon?: LucideIcon;
  /** Links or buttons at the top right (wide screens) or under the heading (narrow). */
  actions?: ReactNode;
  /** 'raised' floats on the page (elevation); 'flat' sits in it; 'accent' is tinted with the brand. */
  variant?: 'raised' | 'flat' | 'accent';
  className?: string;
  id?: string;
  children: ReactNode;
};

/** A surface for one topic of a page: heading, optional actions, content. */
export function Card({
  title,
  headingLevel = 2,
  icon,
  actions,
  variant = 'raised',
  className,
  id,
  children,
}: CardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section id={id} className={['card', `card-${variant}`, className].filter(Boolean).join(' ')}>
      {title || actions ? (
        <div className="card-header">
          {title ? (
            <Heading className="card-title">
              {icon ? <Icon icon={icon} className="card-icon" /> : null}
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="card-actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
