import { REQUISITION_MESSAGES as M } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { HASH, kitInfoOf, type Routes, replyError, stubRequisitionApi } from '../requisition.test-helpers.ts';
import { REQUISITION_TEXTS as T } from '../requisition-texts.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const KIT = `GET /api/requisition/kits/${HASH}`;

function open(routes: Routes = {}) {
  const calls = stubRequisitionApi({
    [KIT]: () => ({
      status: 200,
      body: kitInfoOf({
        formType: 'replacement-form',
        kit: { kitHashedId: HASH, kitType: 'ORBITM_R_KIT', tubes: ['SPARE1'] },
      }),
    }),
    'POST /api/requisition/kits': () => ({ status: 200, body: { message: M.submitted } }),
    ...routes,
  });
  return { ...renderRoute(`/replacement/${HASH}`), calls };
}

describe('Replacement page', () => {
  it('shows the replacement kit id and needs the site number and subject id', async () => {
    const { user, calls } = open();
    expect(await screen.findByLabelText(T.replacementKitId)).toHaveValue(HASH);
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText('Site number required')).toBeVisible();
    expect(screen.getByText('Subject ID required')).toBeVisible();
    expect(screen.getByText(M.replacedKitRequired)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(calls[0]?.query).toBe('formType=replacement-form');
  });

  it('submits kitHashedId, formType replacement-form and replacedKitHashedId', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText(T.siteNumber), '3');
    await user.type(screen.getByLabelText(T.subjectId), 'SUBJ-9');
    await user.type(screen.getByLabelText(T.replacedKitId), 'oldKitHash');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByText(M.submitted)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kitHashedId: HASH,
      formType: 'replacement-form',
      replacedKitHashedId: 'oldKitHash',
      siteNumber: 3,
      subjectId: 'SUBJ-9',
    });
  });

  it('says why a submit failed', async () => {
    const { user } = open({ 'POST /api/requisition/kits': () => replyError(400, M.wrongSite) });
    await user.type(await screen.findByLabelText(T.siteNumber), '4');
    await user.type(screen.getByLabelText(T.subjectId), 'SUBJ-9');
    await user.type(screen.getByLabelText(T.replacedKitId), 'oldKitHash');
    await user.click(screen.getByRole('button', { name: T.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.submitFailed(M.wrongSite));
  });

  it('becomes read-only when the kit cannot be loaded', async () => {
    const { calls } = open({ [KIT]: () => replyError(404, M.invalidKit, 'NOT_FOUND') });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.kitInfoFailed(M.invalidKit));
    for (const label of [T.siteNumber, T.subjectId, T.replacedKitId])
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: T.submit })).toBeDisabled();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0));
  });

  it('shows the message the server sent with a 5xx, whatever its shape (research §8)', async () => {
    open({
      [KIT]: () => ({
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'The kit registry is being updated' },
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      M.kitInfoFailed('The kit registry is being updated'),
    );
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });

  it('shows a plain-text 5xx answer as the server message', async () => {
    open({ [KIT]: () => ({ status: 502, body: 'Upstream kit service timed out' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      M.kitInfoFailed('Upstream kit service timed out'),
    );
  });
});
