import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStaged } from './use-staged.ts';

const PARTS = ['first', 'second', 'third'];

function Parts({ enabled }: { enabled: boolean }) {
  const shown = useStaged(PARTS.length, enabled);
  return (
    <ol>
      {PARTS.slice(0, shown).map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ol>
  );
}

const drawn = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

/** One frame: its callback (just before a paint), then the task queued from it (just after). */
async function paint() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
  });
}

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  }),
);
afterEach(() => vi.useRealTimers());

describe('useStaged (issue 37: the report draws its sections one per paint)', () => {
  it('draws one more part after each paint, in order, until all are drawn', async () => {
    render(<Parts enabled />);
    expect(drawn()).toEqual([]);
    await paint();
    expect(drawn()).toEqual(['first']);
    await paint();
    expect(drawn()).toEqual(['first', 'second']);
    await paint();
    expect(drawn()).toEqual(PARTS);
    // Nothing more is asked for once all are drawn.
    await paint();
    expect(drawn()).toEqual(PARTS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws nothing and waits while not enabled, then starts when it is', async () => {
    const { rerender } = render(<Parts enabled={false} />);
    await paint();
    await paint();
    expect(drawn()).toEqual([]);
    rerender(<Parts enabled />);
    await paint();
    expect(drawn()).toEqual(['first']);
  });

  it('leaves nothing behind when the page is left mid-way', async () => {
    const { unmount } = render(<Parts enabled />);
    await paint();
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
