/**
 * Flow files become routes: path, title, menu entry and permissions straight from each file
 * (virtual:flows/menu), each page loaded on demand. A new flow file is in the router and the menus
 * with no code change.
 */

import type { FlowMenuEntry } from 'virtual:flows/menu';
import { flowRequirements, type PermissionRequirement } from '../../domain/permissions';
import { type AreaRoute, lazyPage } from '../routes';

/** Any one of the flow's (entity, bits) pairs opens it; each pair needs all of its bits (SPEC §6). */
export const flowAccess = (flow: FlowMenuEntry): PermissionRequirement[] =>
  flowRequirements(flow.permissions);

export function flowRoute(flow: FlowMenuEntry): AreaRoute {
  return {
    path: flow.route,
    title: flow.title,
    flowId: flow.id,
    access: flowAccess(flow),
    requiresGoodStanding: flow.requiresGoodStanding,
    page: lazyPage(() => import('./FlowPage').then((m) => ({ default: m.flowPage(flow.id) }))),
    // The header's Bookings (pool, reuse) are one click from every page: fetched after sign-in.
    preload: flow.menu?.inHeaderBookings === true,
    ...(flow.menu ? { menu: { ...flow.menu } } : {}),
  };
}

/**
 * Merges flow routes into the hand-written table. A group's entries (flows and hand-written ones)
 * sit together where the group first appears (a hand-written entry a flow replaced counts), ordered by menu.order; entries without an order
 * keep their place after those with one. Flows outside any listed group come last in the menu.
 */
export function withFlowRoutes(fixed: readonly AreaRoute[], flows: readonly AreaRoute[]): AreaRoute[] {
  const taken = new Set(flows.map((f) => f.path));
  const rest = fixed.filter((r) => !taken.has(r.path));
  const byOrder = (a: AreaRoute, b: AreaRoute) =>
    (a.menu?.order ?? Number.MAX_SAFE_INTEGER) - (b.menu?.order ?? Number.MAX_SAFE_INTEGER);
  const out: AreaRoute[] = [];
  const placed = new Set<AreaRoute>();
  // A hand-written entry a flow took over still marks where its group first appears.
  for (const route of fixed) {
    if (placed.has(route)) continue;
    const group = route.menu?.group;
    if (taken.has(route.path) && !group) continue;
    const members = group
      ? [...rest, ...flows].filter((r) => r.menu?.group === group).sort(byOrder)
      : [route];
    for (const m of members) placed.add(m);
    out.push(...members);
  }
  const menuEnd = out.findLastIndex((r) => r.menu !== undefined) + 1;
  out.splice(menuEnd, 0, ...flows.filter((f) => !placed.has(f)).sort(byOrder));
  return out;
}
