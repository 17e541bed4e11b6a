import { statementText } from '@portal/domain/report/statements';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeReport } from '../reports.test-helpers.ts';
import { AtAGlance } from './at-a-glance.tsx';

const show = (summary: ReturnType<typeof makeReport>['summary']) =>
  render(
    <MemoryRouter>
      <AtAGlance summary={summary} />
    </MemoryRouter>,
  );

describe('AtAGlance (issue 37)', () => {
  it('lists each finding with what it means, “could be either”, and a link to its section', () => {
    show(makeReport().summary);
    const region = screen.getByRole('region', { name: 'Your report at a glance' });
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(statementText('diversity.usual'));
    expect(items[0]).toHaveTextContent(statementText('range.couldBeEither'));
    expect(
      within(region).getAllByRole('link', { name: 'More about this: How varied your gut microbes are' })[0],
    ).toHaveAttribute('href', '#report-diversity');
  });

  it('offers the B-graded suggestion for a diversity finding, after the findings', () => {
    show(makeReport().summary);
    expect(screen.getByRole('heading', { name: 'What you can do' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(statementText('fibre.variety')))).toHaveTextContent(
      'evidence grade B',
    );
  });

  it('puts “talk to your GP” before everything when the answers carry a red flag', () => {
    const { summary } = makeReport();
    show({ ...summary, gpFirst: true });
    const region = screen.getByRole('region', { name: 'Your report at a glance' });
    const gp = within(region).getByText(statementText('gp.first'));
    const firstFinding = within(region).getAllByRole('listitem')[0];
    if (!firstFinding) throw new Error('a finding');
    expect(gp.compareDocumentPosition(firstFinding) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says why a sample cannot be interpreted, with no findings', () => {
    show({ interpretable: false, reason: 'cannot.interpret', findings: [] });
    expect(screen.getByRole('status')).toHaveTextContent(statementText('cannot.interpret'));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('opens a definition by keyboard and by a tap', async () => {
    const user = userEvent.setup();
    show(makeReport().summary);
    const term = screen.getAllByRole('button', { name: 'species' })[0];
    if (!term) throw new Error('a term');
    await user.tab();
    while (document.activeElement !== term) await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.click(term);
    expect(screen.getByRole('tooltip')).toBeVisible();
  });
});
