import { CLIENT_MESSAGES } from '../../lib/messages.ts';

export function Loading({ label = CLIENT_MESSAGES.loading }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}
