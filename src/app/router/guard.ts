import { MessageType, noAccessText } from '../../domain/messages';
import { ACCOUNT_VALIDATION_PATH, HOME_PATH, LOGIN_PATH, RESET_PASSWORD_PATH } from '../paths';
import { type AreaRoute, routeAllows, routeNeedsGoodStanding } from '../routes';
import type { RootStore } from '../stores/RootStore';

/**
 * The checks SPEC §6 "Route rules" run before an authenticated route opens, in order: signed out →
 * login with returnUrl; pending password reset → reset page; no permission → home route; a
 * booking area or a flow with requiresGoodStanding, for an account not in good standing → account
 * validation. The first entry also
 * fires the one-time lookup load (SPEC §4 Lookups); a route that opens starts what it `enter`s.
 * Resolves the redirect path, or null to open.
 */
export async function guardRoute(
  root: RootStore,
  route: AreaRoute,
  requested: string,
): Promise<string | null> {
  const { session } = root;
  const returnUrl = encodeURIComponent(requested);
  if (!session.isSignedIn) return `${LOGIN_PATH}?returnUrl=${returnUrl}`;
  if (session.pendingReset) return `${RESET_PASSWORD_PATH}?returnUrl=${returnUrl}`;
  root.lookups.loadAll(session.permissions, route.lookups);
  if (!routeAllows(session, route)) {
    // Say why (issue 14): noClear so the move to the dashboard does not wipe it at once.
    root.messages.show({ Type: MessageType.Warning, Data: noAccessText(route.title), noClear: true });
    return HOME_PATH;
  }
  if (routeNeedsGoodStanding(route)) {
    const details = await session.loadDetails();
    if (details && details.GoodStanding === false) return ACCOUNT_VALIDATION_PATH;
  }
  route.enter?.(root);
  return null;
}
