import { afterEach, describe, expect, it, vi } from 'vitest';
import { readers } from './untrusted-files.ts';

/**
 * Piscina reports a thread that fails with no task in hand (a file given up at its deadline whose thread
 * then runs out of heap) as an 'error' event on the pool. With nobody listening, an EventEmitter throws
 * it, and in the server that is an uncaught exception: the process ends. The suite saw it once, at load 9.
 */
const failure = () =>
  Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), {
    code: 'ERR_WORKER_OUT_OF_MEMORY',
  });

afterEach(() => vi.restoreAllMocks());

describe('the file readers, when a thread fails between files', () => {
  it('log the failure, and throw nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => readers().emit('error', failure())).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('JS heap out of memory'));
  });
});
