import { CLOSURE_TEXTS as T } from '@portal/domain';

/**
 * What closing an account deletes, and what is kept and why, in the person's words (issue 23). My Profile
 * shows it before the person closes their account, and the console's People before support closes one
 * for a request by phone, so both read the same explanation.
 */
export function WhatClosingDoes({ heading: Heading = 'h4' }: { heading?: 'h3' | 'h4' }) {
  return (
    <>
      <Heading>{T.deletedTitle}</Heading>
      <ul>
        {T.deleted.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Heading>{T.keptTitle}</Heading>
      <ul>
        {T.kept.map((item) => (
          <li key={item.what}>
            <strong>{item.what}.</strong> {item.why}
          </li>
        ))}
      </ul>
    </>
  );
}
