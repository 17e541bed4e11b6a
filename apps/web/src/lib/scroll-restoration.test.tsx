import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_SCROLL, useScrollRestoration } from './scroll-restoration.ts';

function Layout({ children }: { children: ReactNode }) {
  useScrollRestoration();
  return children;
}

function Pages() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/second">Second</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button
        type="button"
        onClick={() => navigate('/first?chosen=1', { replace: true, state: KEEP_SCROLL })}
      >
        Choose
      </button>
    </>
  );
}

function renderPages() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/first']}>
      <Layout>
        <Routes>
          <Route path="*" element={<Pages />} />
        </Routes>
      </Layout>
    </MemoryRouter>,
  );
  return user;
}

/** jsdom has no layout: the test sets where the window is scrolled to and says so with a scroll event. */
function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useScrollRestoration', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo);
    scrollWindowTo(0);
  });

  it('starts a new page at the top and returns to the position on going back', async () => {
    const user = renderPages();
    scrollWindowTo(640);
    await user.click(screen.getByRole('link', { name: 'Second' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollWindowTo(120);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('leaves the position alone for a navigation that keeps the scroll', async () => {
    const user = renderPages();
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the positions for a reload of the tab when the page is left', () => {
    renderPages();
    scrollWindowTo(300);
    window.dispatchEvent(new Event('pagehide'));
    expect(Object.values(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}'))).toContain(300);
    expect(window.history.scrollRestoration).toBe('auto');
  });
});
