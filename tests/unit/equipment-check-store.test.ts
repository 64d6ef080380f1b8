/** The chassis verdicts of the bulk list (issue 17): per check URL, 300 per call, asked again once stale. */
import type { AxiosInstance } from 'axios';
import { describe, expect, it } from 'vitest';
import { EquipmentCheckStore, VERDICT_MAX_AGE_MS } from '../../src/app/flows/EquipmentCheckStore';

function fakeApi() {
  const calls: Array<{ url: string; ids: string[] }> = [];
  const api = {
    post: async (url: string, body: { ChassisIds: string[] }) => {
      calls.push({ url, ids: body.ChassisIds });
      return {
        data: {
          Results: body.ChassisIds.map((id) => ({
            Input: id,
            ChassisId: id,
            Valid: url.includes('pool'),
            Message: null,
          })),
        },
      };
    },
  } as unknown as AxiosInstance;
  return { api, calls };
}

describe('EquipmentCheckStore', () => {
  it('asks at most 300 IDs per call, each check URL for itself, and again once a verdict is stale', async () => {
    const { api, calls } = fakeApi();
    let now = 0;
    const store = new EquipmentCheckStore(api, 0, () => now);
    const ids = Array.from({ length: 1000 }, (_, i) => `PLCZ${String(100000 + i)}`);
    await store.check('/api/poolredelivery/check', ids);
    expect(calls.map((c) => c.ids.length)).toEqual([300, 300, 300, 100]);
    expect(store.verdictFor('plcz-100000', '/api/poolredelivery/check')?.Valid).toBe(true);
    // Another flow's check judges for itself.
    expect(store.verdictFor('PLCZ100000', '/api/lookup/equipment')).toBeUndefined();
    await store.check('/api/lookup/equipment', ids.slice(0, 1));
    expect(store.verdictFor('PLCZ100000', '/api/lookup/equipment')?.Valid).toBe(false);

    calls.length = 0;
    await store.check('/api/poolredelivery/check', ids.slice(0, 2));
    expect(calls).toEqual([]);
    now += VERDICT_MAX_AGE_MS;
    await store.check('/api/poolredelivery/check', ids.slice(0, 2));
    expect(calls).toEqual([{ url: '/poolredelivery/check', ids: ids.slice(0, 2) }]);
  });
});
