import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../lib/context.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { runRenewals } from './subscriptions.service.ts';

export const RENEWALS_QUEUE = 'renewals';

/**
 * Subscription renewals: one job a minute across all instances (the queue's cron), run one at a time.
 * runRenewals claims each due subscription itself, so a run that overlaps another still renews each once.
 */
export function renewalJobs(
  ctx: AppContext,
  payments: PaymentProvider,
  log?: FastifyBaseLogger,
): JobDefinition<never>[] {
  const renewals: JobDefinition<object> = {
    name: RENEWALS_QUEUE,
    queue: { policy: 'stately', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
    cron: '* * * * *',
    async run() {
      const result = await runRenewals(ctx, payments);
      if (result.renewed || result.failed) log?.info(result, 'subscription renewals');
    },
  };
  return [renewals as JobDefinition<never>];
}
