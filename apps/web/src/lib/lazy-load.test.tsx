import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadPage } from './lazy-load.tsx';

function Shown() {
  return <p>shown</p>;
}

describe('preloadPage', () => {
  it('fetches the code of a lazy page once, and leaves other elements alone', async () => {
    const load = vi.fn(async () => ({ Shown }));
    const Page = lazyPage(load, (m) => m.Shown);

    const first = preloadPage(<Page />);
    preloadPage(<Page />);
    await expect(preloadPage(<Shown />)).resolves.toBeUndefined();
    await expect(preloadPage(null)).resolves.toBeUndefined();

    expect(load).toHaveBeenCalledOnce();
    await expect(first).resolves.toBe(Shown);
  });
});
