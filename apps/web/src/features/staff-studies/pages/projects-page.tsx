import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
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
      {projects.isPending ? <Loading /> : null}
      {projects.error ? <Alert tone="error">{projects.error.message}</Alert> : null}
      {projects.data && rows.length === 0 ? (
        <Alert tone="info">There is no research project yet.</Alert>
      ) : null}
      {rows.length > 0 ? (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Research projects, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Participant code</th>
                <th scope="col">Kits</th>
                <th scope="col">Redeemed</th>
                <th scope="col">Participants</th>
                <th scope="col">Codes issued (used)</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      ) : null}
      {projects.hasNextPage ? (
        <Button
          variant="secondary"
          busy={projects.isFetchingNextPage}
          onClick={() => projects.fetchNextPage()}
        >
          Show older projects
        </Button>
      ) : null}
    </>
  );
}
