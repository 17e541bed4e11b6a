import { supportViewTokenSchema } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, getSessionSnapshot } from './session.ts';
import { endSupportView, returnPathOf, SUPPORT_PAGE, storedSupportView } from './support-view.ts';
import { enterSupportView } from './support-view-start.ts';

const SUPPORT = '6f1c2d3e-0000-4000-8000-000000000001';
const PERSON = '6f1c2d3e-0000-4000-8000-000000000002';
const claims = btoa(JSON.stringify({ sub: PERSON, act: SUPPORT })).replace(/=+$/, '');
const answer = supportViewTokenSchema.parse({
  access_token: ['e30', claims, 'sig'].join('.'),
  expires_in: 600,
  user_id: PERSON,
  actor_id: SUPPORT,
});

afterEach(() => {
  endSupportView({ notice: false });
  endSession('loggedOut');
});

describe('enterSupportView', () => {
  it("signs in as the person, support user as actor, and returns to the portal's Support page", () => {
    enterSupportView(answer, 'ann@example.com');
    const view = storedSupportView();
    expect(view).toMatchObject({ subjectId: PERSON, actorId: SUPPORT, username: 'ann@example.com' });
    expect(view && returnPathOf(view)).toBe(SUPPORT_PAGE);
    expect(getSessionSnapshot()).toMatchObject({ status: 'signedIn', userId: PERSON });
  });

  it('returns to the console page it was opened from', () => {
    enterSupportView(answer, 'ann@example.com', `/staff/people/${PERSON}`);
    const view = storedSupportView();
    expect(view && returnPathOf(view)).toBe(`/staff/people/${PERSON}`);
  });
});
