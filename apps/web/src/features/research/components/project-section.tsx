import { isListed, type Kit } from '@portal/domain';
import { kitAnchor } from '../../../components/kits/kit-card.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import type { ResearchProject } from '../../../lib/research-api.ts';
import { ResearchKitCard } from './research-kit-card.tsx';

/** One project of My Research: its name and contacts, then its kits. */
export function ProjectSection({
  project,
  highlighted,
  onSendNow,
}: {
  project: ResearchProject;
  highlighted: string | null;
  onSendNow: (kit: Kit) => void;
}) {
  const headingId = `project-${project.id}-name`;
  const kits = project.kits.filter(isListed);
  return (
    <section className="research-project" aria-labelledby={headingId}>
      <header className="research-project-header">
        <h2 id={headingId}>{project.name}</h2>
        <dl className="research-contact">
          {project.contactName ? (
            <div>
              <dt>{RESEARCH_TEXTS.contactName}</dt>
              <dd>{project.contactName}</dd>
            </div>
          ) : null}
          {project.phone ? (
            <div>
              <dt>{RESEARCH_TEXTS.phone}</dt>
              <dd>
                <a href={`tel:${project.phone.replace(/\s/g, '')}`}>{project.phone}</a>
              </dd>
            </div>
          ) : null}
          {project.email ? (
            <div>
              <dt>{RESEARCH_TEXTS.email}</dt>
              <dd>
                <a href={`mailto:${project.email}`}>{project.email}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>
      {kits.length === 0 ? (
        <p>{RESEARCH_TEXTS.noProjectKits}</p>
      ) : (
        <div className="kit-list">
          {kits.map((kit) => (
            <ResearchKitCard
              key={kit.id}
              kit={kit}
              highlighted={highlighted === kitAnchor(kit.id)}
              onSendNow={onSendNow}
            />
          ))}
        </div>
      )}
    </section>
  );
}
