import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible.tsx';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver whose callbacks the test calls, as scrolling would. */
function stubObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class Observer {
    entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return observers;
}

afterEach(() => vi.unstubAllGlobals());

describe('WhenVisible (decision 047)', () => {
  it('shows the placeholder until its place comes near the screen, then the deferred part', () => {
    const observers = stubObserver();
    render(
      <WhenVisible placeholder={<p>Saving room</p>}>
        <table aria-label="Deferred numbers">
          <tbody>
            <tr>
              <td>42</td>
            </tr>
          </tbody>
        </table>
      </WhenVisible>,
    );
    expect(screen.getByText('Saving room')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    act(() => observers[0]?.callback([{ isIntersecting: false }]));
    expect(screen.queryByRole('table')).toBeNull();
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(screen.getByRole('table', { name: 'Deferred numbers' })).toHaveTextContent('42');
    expect(screen.queryByText('Saving room')).toBeNull();
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible placeholder={<p>Saving room</p>}>
        <p>Drawn</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Drawn')).toBeInTheDocument();
  });
});
