import { render, screen, within } from '@testing-library/react';
import { Bell } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { ChartFrame } from './chart-frame.tsx';
import { EmptyState } from './empty-state.tsx';
import { Logo } from './logo.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { Stepper } from './stepper.tsx';

describe('Design system primitives', () => {
  it('Button keeps its name with an icon, which assistive technology does not read', () => {
    render(<Button icon={Bell}>Notify me</Button>);
    const button = screen.getByRole('button', { name: 'Notify me' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('Alert keeps its roles and puts the text after a decorative icon', () => {
    render(
      <>
        <Alert tone="error">Something failed.</Alert>
        <Alert tone="success" title="Saved">
          Your details are saved.
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something failed.');
    expect(screen.getByRole('status')).toHaveTextContent('SavedYour details are saved.');
  });

  it('Card is a section with its heading at the level asked for', () => {
    render(
      <Card title="Notifications" headingLevel={3} actions={<a href="/kits">All kits</a>}>
        <p>Body</p>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Notifications' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All kits' })).toBeVisible();
  });

  it('Badge shows its text', () => {
    render(<Badge tone="success">Report ready</Badge>);
    expect(screen.getByText('Report ready')).toHaveClass('badge', 'badge-success');
  });

  it('ProgressBar is a named progressbar with its value', () => {
    render(
      <ProgressBar value={3} max={4} label="Questionnaire progress" valueText="3 of 4 answered" showValue />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Questionnaire progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 4 answered');
  });

  it('EmptyState shows the text word for word, a decorative illustration and the next action', () => {
    const { container } = render(
      <EmptyState action={<a href="/kits">Activate a kit</a>}>
        <p>No kits to display at present.</p>
      </EmptyState>,
    );
    expect(screen.getByText('No kits to display at present.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Activate a kit' })).toHaveAttribute('href', '/kits');
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('Stepper marks the current step and says which are done', () => {
    render(<Stepper label="Order" steps={['Details', 'Payment', 'Done']} current={1} />);
    const list = screen.getByRole('list', { name: 'Order' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Details (done)');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).not.toHaveAttribute('aria-current');
  });

  it('ChartFrame is a figure named by its caption, with the figures behind a disclosure', () => {
    render(
      <ChartFrame
        title="Phylum composition"
        summary="Five phyla make up most of your sample."
        table={<table />}
      >
        <svg aria-hidden="true" />
      </ChartFrame>,
    );
    expect(screen.getByRole('figure', { name: /Phylum composition/ })).toBeVisible();
    expect(screen.getByText('Show the figures')).toBeVisible();
  });

  it('Logo writes the brand name as text beside a decorative mark', () => {
    const { container } = render(<Logo brandName="Gut Health Co" />);
    expect(screen.getByText('Gut Health Co')).toBeVisible();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
