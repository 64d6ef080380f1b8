/**
 * A step action's call through the one api client against the real server: its answer comes back
 * as sent (reposition availability), and a refusal takes SPEC §8's central path — the message
 * reduced from the answer, broadcast with the request id from the response header.
 */
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/app/api/errors';
import { requestStepAction } from '../../src/app/api/flows';
import { REQUEST_ID_HEADER, reduceErrorMessage } from '../../src/domain/messages';
import { withRealServer } from '../helpers/real-server';
import { signedIn } from './support/dashboard-app';
import { repositionBody, repositionChoices } from './support/reposition';

const URL = '/api/repositionbooking/availability';
const real = withRealServer();

describe('step action calls (reposition availability)', () => {
  it('answers the server’s figure for the origin', async () => {
    const root = await signedIn(real.server, 'demo.customer');
    const { RepositionReasonCode: _notSent, ...query } = repositionBody(
      await repositionChoices(real.server, 'demo.customer'),
      [1],
    ).Header;
    const answer = (await requestStepAction(root.api, { method: 'POST', url: URL, body: query })) as {
      AvailableQuantity: unknown;
    };
    expect(Number.isInteger(answer.AvailableQuantity)).toBe(true);
    expect(root.messages.messages).toEqual([]);
  });

  it('rejects a refused call with the central message and broadcasts it with the request id', async () => {
    const root = await signedIn(real.server, 'demo.customer');
    const body = { FromLocationId: 'not a location' };
    const direct = await real.server.call('POST', URL, {
      token: await real.server.token('demo.customer'),
      body,
    });
    expect(direct.status).toBe(400);
    const error: unknown = await requestStepAction(root.api, { method: 'POST', url: URL, body }).catch(
      (e) => e,
    );
    if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
    expect(error.status).toBe(400);
    expect(error.message).toBe(reduceErrorMessage(direct.json(), 'Bad Request'));
    expect(error.requestId).toMatch(/\S/);
    const [shown] = root.messages.messages;
    expect(shown).toMatchObject({ Data: error.message, requestId: error.requestId });
    expect(direct.headers[REQUEST_ID_HEADER]).toBeTruthy();
  });
});
