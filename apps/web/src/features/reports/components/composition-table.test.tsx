import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_TEXTS } from '../report-texts.ts';
import { makeReport } from '../reports.test-helpers.ts';
import { CompositionTable } from './composition-table.tsx';

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('Composition table', () => {
  it('lists the phyla largest first, marked as sorted by share', () => {
    render(<CompositionTable composition={makeReport().composition} />);
    expect(screen.getByRole('table', { name: 'Your microbes by phylum' })).toBeVisible();
    expect(names()).toEqual(['Viruses unclassified', 'Bacteroidetes', 'Firmicutes', 'Actinobacteria']);
    expect(header(REPORT_TEXTS.percentColumn)).toHaveAttribute('aria-sort', 'descending');
    expect(header(REPORT_TEXTS.taxonColumn)).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('row', { name: /Actinobacteria/ })).toHaveTextContent('0.1%');
  });

  it('sorts by name, then the other way round, and back by share', async () => {
    const user = userEvent.setup();
    render(<CompositionTable composition={makeReport().composition} />);
    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.taxonColumn }));
    expect(header(REPORT_TEXTS.taxonColumn)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(REPORT_TEXTS.percentColumn)).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Actinobacteria', 'Bacteroidetes', 'Firmicutes', 'Viruses unclassified']);

    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.taxonColumn }));
    expect(header(REPORT_TEXTS.taxonColumn)).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Viruses unclassified', 'Firmicutes', 'Bacteroidetes', 'Actinobacteria']);

    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.percentColumn }));
    expect(header(REPORT_TEXTS.percentColumn)).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.percentColumn }));
    expect(header(REPORT_TEXTS.percentColumn)).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Actinobacteria', 'Firmicutes', 'Bacteroidetes', 'Viruses unclassified']);
  });

  it('switches between phylum, family, genus and species, keeping the sort', async () => {
    const user = userEvent.setup();
    render(<CompositionTable composition={makeReport().composition} />);
    await user.click(screen.getByRole('button', { name: REPORT_TEXTS.taxonColumn }));
    await user.click(screen.getByRole('radio', { name: 'species' }));
    expect(screen.getByRole('table', { name: 'Your microbes by species' })).toBeVisible();
    expect(names()).toEqual(['Bacteroides dorei', 'Lactococcus phage jm3', 'Streptococcus thermophilus']);
    await user.click(screen.getByRole('radio', { name: 'genus' }));
    expect(names()).toEqual(['Bacteroides', 'Sk1virus', 'Streptococcus']);
  });
});
