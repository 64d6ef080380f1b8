import { Box, Button, HStack, Link, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import type { AxiosInstance } from 'axios';
import { makeObservable, observable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Abilities, can } from '../../domain/policies';
import { canSee } from '../layout/menu-model';
import { AREA_ROUTES } from '../routes';
import { useStores } from '../stores/StoresContext';

interface Tile {
  label: string;
  value: number | null;
  to?: string;
}

/** The counts a start page shows, each one search of one row read for its total. */
class StartCounts {
  open: number | null = null;
  awaiting: number | null = null;
  pending: number | null = null;
  /** Each page visit reads the counts once (the store lives as long as the page). */
  private asked = false;

  constructor(private readonly api: AxiosInstance) {
    makeObservable(this, { open: observable, awaiting: observable, pending: observable });
  }

  async loadOnce(staff: boolean): Promise<void> {
    if (this.asked) return;
    this.asked = true;
    const total = (url: string, body: object) =>
      this.api
        .post<{ TotalCount: number }>(url, { ...body, PageSize: 1 }, { silent: true })
        .then((r) => r.data.TotalCount)
        .catch(() => null);
    const [open, awaiting, pending] = await Promise.all([
      total('/dashboard/search', { StatusCode: 'OP' }),
      total('/dashboard/search', { StatusCode: 'PN' }),
      staff ? total('/bookingpending/search', {}) : Promise.resolve(null),
    ]);
    runInAction(() => {
      this.open = open;
      this.awaiting = awaiting;
      this.pending = pending;
    });
  }
}

/**
 * Issue 25: the dashboard as a start page — what is open, what awaits review (and for staff the
 * pending queue's size), a "New booking" entry, and the account's state said once in plain words.
 */
export const StartSummary = observer(function StartSummary() {
  const { api, session, dashboard } = useStores();
  const [counts] = useState(() => new StartCounts(api));
  const pendingRoute = AREA_ROUTES.find((r) => r.area === 'pendingQueue');
  const seesQueue = pendingRoute !== undefined && canSee(session.permissions, pendingRoute);
  // The counts after the page's own search has answered, not beside it: the rows are what the
  // user came for, and three more searches would share the server and the line with it (issue 30 §3).
  const searched = dashboard.applied !== null && !dashboard.loading;
  useEffect(() => {
    if (searched) void counts.loadOnce(seesQueue);
  }, [counts, seesQueue, searched]);
  const booking = AREA_ROUTES.find((r) => r.menu?.group === 'Bookings' && canSee(session.permissions, r));
  const onHold = session.details?.GoodStanding === false;
  const readOnly = !booking && !can(session, Abilities.pendingDecide);
  const tiles: Tile[] = [
    { label: 'Open bookings', value: counts.open },
    { label: 'Awaiting review', value: counts.awaiting },
    ...(seesQueue ? [{ label: 'Pending queue', value: counts.pending, to: pendingRoute?.path }] : []),
  ];
  return (
    <Box as="section" aria-label="Summary">
      {(onHold || readOnly) && (
        <Text mb={3} p={3} borderWidth="1px" rounded="md" bg="bg.muted" role="note">
          {onHold
            ? 'Your account is not in good standing: you can see and redeliver your bookings, but not make new ones until Customer Support clears it.'
            : 'Your account is read-only: you can search and look at everything here, but not change it.'}
        </Text>
      )}
      <HStack align="stretch" gap={3} wrap="wrap">
        <SimpleGrid columns={{ base: 2, md: tiles.length }} gap={3} flex="1" minW="16rem">
          {tiles.map((t) => (
            <Stat.Root key={t.label} borderWidth="1px" rounded="md" p={3}>
              <Stat.Label>
                {t.to ? (
                  <Link asChild>
                    <RouterLink to={t.to}>{t.label}</RouterLink>
                  </Link>
                ) : (
                  t.label
                )}
              </Stat.Label>
              <Stat.ValueText>{t.value ?? '—'}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        {booking && !onHold && (
          <Button asChild colorPalette="blue" alignSelf="center">
            <RouterLink to={booking.path}>New booking</RouterLink>
          </Button>
        )}
      </HStack>
    </Box>
  );
});
