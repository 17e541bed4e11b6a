import { FUNNEL_STAGE_TEXT, type FunnelStage } from '@portal/domain';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useFunnel } from '../participants-api.ts';

/** What each stage counts, as decision 056-study-funnel defines it. */
const MEANING: Record<'project' | 'recruitment', Record<FunnelStage, string>> = {
  project: {
    INVITED: 'People a participant code was issued to',
    CONSENTED: 'Of them, joined the project with it',
    KIT: 'Of them, hold a kit of the project',
    RESULT: 'Of them, have results from a kit of the project',
  },
  recruitment: {
    INVITED: 'Candidates',
    CONSENTED: 'Of them, agreed to every consent',
    KIT: 'Of them, hold a study kit (their email’s account)',
    RESULT: 'Of them, have results from a study kit',
  },
};

const percent = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-AU')}%`);

/** The recruitment funnel of a project or a recruitment: each stage's count and its conversions. */
export function FunnelPanel(props: { projectId: number } | { recruitmentId: number }) {
  const funnel = useFunnel(props);
  const kind = 'projectId' in props ? 'project' : 'recruitment';
  return (
    <section className="staff-panel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">Recruitment funnel</h2>
      {funnel.isPending ? <Loading /> : null}
      {funnel.error ? <Alert tone="error">{funnel.error.message}</Alert> : null}
      {funnel.data ? (
        <>
          <StaffTable
            caption="Recruitment funnel: invited, consented, kit, result"
            columns={['Stage', 'What it counts', 'People', 'From the stage before', 'From those invited']}
          >
            {funnel.data.stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row">{FUNNEL_STAGE_TEXT[s.stage]}</th>
                <td>{MEANING[kind][s.stage]}</td>
                <td>{s.count.toLocaleString('en-AU')}</td>
                <td>{s.stage === 'INVITED' ? '—' : percent(s.fromPrevious)}</td>
                <td>{percent(s.fromInvited)}</td>
              </tr>
            ))}
          </StaffTable>
          {funnel.data.joinedWithoutInvitation ? (
            <p className="staff-note">
              Besides the funnel: {funnel.data.joinedWithoutInvitation.toLocaleString('en-AU')} joined with
              the project’s own code, without an invitation.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
