import { hasAnyPermission, type PermissionSet } from '../../domain/permissions';
import { AREA_ROUTES, type AreaRoute, routeAccess, routeAllows, routeNeedsGoodStanding } from '../routes';

export interface MenuLink {
  label: string;
  /** A route of the app, or… */
  path?: string;
  /** …a page elsewhere, opened in a new tab. */
  href?: string;
  /** A flow's entry: choosing it resets that flow (SPEC §2). */
  flowId?: string;
  /** A booking entry this account cannot use now (not in good standing): marked, still a link. */
  onHold?: boolean;
}

export interface MenuSection {
  /** 'Bookings' and 'Redelivery' are headed groups (SPEC §2); other entries sit ungrouped. */
  heading: string | null;
  links: MenuLink[];
}

export interface MenuModel {
  sections: MenuSection[];
  /** SPEC §2 / §6: internal users only. */
  applications: { security: string | null; ebm: string; fullName: string } | null;
  /** Some entries are on hold: the menu says why once (issue 14). */
  bookingsOnHold: boolean;
}

export interface MenuInput {
  permissions: PermissionSet;
  isInternal: boolean;
  fullName: string;
  customerServiceUrl: string;
  securityAppUrl: string;
  ebmAppUrl: string;
  /** SPEC §6: false for an account not in good standing (unknown counts as in good standing). */
  goodStanding?: boolean;
}

/** SPEC §6: a menu entry shows when any of its area's requirements is held (none required: always). */
export const canSee = (permissions: PermissionSet, route: Pick<AreaRoute, 'area' | 'access'>): boolean =>
  hasAnyPermission(permissions, routeAccess(route));

/** The header's Bookings dropdown (SPEC §2: Pool, Reuse), under the same rule as the menu. */
export const headerBookings = (permissions: PermissionSet): AreaRoute[] =>
  AREA_ROUTES.filter((r) => r.menu?.inHeaderBookings && canSee(permissions, r));

/** Issue 14: an entry leading to the account-validation page instead of its form is marked. */
export const entryOnHold = (goodStanding: boolean | undefined, route: AreaRoute): boolean =>
  goodStanding === false && routeNeedsGoodStanding(route);

/** Builds the slide-out menu of SPEC §2 from the one route table, in its order. */
export function buildMenu(input: MenuInput): MenuModel {
  const sections: MenuSection[] = [];
  for (const route of AREA_ROUTES) {
    if (!route.menu || !routeAllows(input, route)) continue;
    const heading = route.menu.group ?? null;
    const last = sections.at(-1);
    const link = {
      label: route.menu.label,
      path: route.path,
      ...(route.flowId ? { flowId: route.flowId } : {}),
      ...(entryOnHold(input.goodStanding, route) ? { onHold: true } : {}),
    };
    if (last && last.heading === heading) last.links.push(link);
    else sections.push({ heading, links: [link] });
  }
  // Contact is no route of SPEC §2: it opens the customer-service page (AreaAccess.contact is open).
  if (canSee(input.permissions, { area: 'contact' })) {
    const contact = { label: 'Contact', href: input.customerServiceUrl };
    const last = sections.at(-1);
    if (last && last.heading === null) last.links.push(contact);
    else sections.push({ heading: null, links: [contact] });
  }
  const applications = input.isInternal
    ? {
        security: canSee(input.permissions, { area: 'security' }) ? input.securityAppUrl : null,
        ebm: input.ebmAppUrl,
        fullName: input.fullName,
      }
    : null;
  const bookingsOnHold = sections.some((s) => s.links.some((l) => l.onHold));
  return { sections, applications, bookingsOnHold };
}
