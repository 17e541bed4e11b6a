import { AUTH_MESSAGES } from '@portal/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

describe('Pages opened from emailed links', () => {
  it('says the verification token is missing when the link has none', () => {
    renderRoute('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.verifyMissingToken);
  });

  it('says the reset token cannot be parsed when the link has none', () => {
    renderRoute('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetMissingToken);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the reset token cannot be parsed when it is not a token', () => {
    renderRoute('/reset-password?not%20a%20token');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not parse token');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('offers the new-password form when the link carries a token', () => {
    renderRoute('/reset-password?q1w2E3r4T5y6U7i8O9p0_-AsDfGhJkLzXcVbNm12345');
    expect(screen.getByLabelText('New password')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
