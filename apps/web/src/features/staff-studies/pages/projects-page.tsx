import { useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useProjects } from '../api.ts';
import { ProjectForm } from '../components/project-form.tsx';

/** STUDY: research projects, newest first, and a new one. */
export function ProjectsPage() {
  const projects = useProjects();
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const rows = projects.data?.pages.flatMap((page) => page.projects) ?? [];

  return (
    <>
      <h1>Projects</h1>
      <section className="staff-panel" aria-labelledby="new-project">
        <h2 id="new-project">New project</h2>
        <ProjectForm onCreated={(project) => setCreated(project)} />
      </section>
      {created ? (
        <Alert tone="success">
          Project created: <Link to={`/staff/projects/${created.id}`}>{created.name}</Link>.
        </Alert>
      ) : null}
      <PagedTable
        list={projects}
        count={rows.length}
        empty="There is no research project yet."
        caption="Research projects, newest first"
        columns={['Project', 'Participant code', 'Kits', 'Redeemed', 'Participants', 'Codes issued (used)']}
        more="Show older projects"
      >
        {rows.map((project) => (
          <tr key={project.id}>
            <th scope="row">
              <Link to={`/staff/projects/${project.id}`}>{project.name}</Link>
            </th>
            <td>{project.participantCode}</td>
            <td>{project.kits}</td>
            <td>{project.redeemedKits}</td>
            <td>{project.members}</td>
            <td>
              {project.issuedCodes} ({project.usedCodes})
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
