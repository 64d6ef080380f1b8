import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from '../stores/StoresContext';

/**
 * The router link of the session behaviour: a sign-out or sign-in mirrored from another tab, a
 * NotActive status or an expiry moves this tab (SPEC §4).
 */
export function SessionNavigator() {
  const root = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  // Read at sign-out time, so an inactivity sign-out can bring the user back here after signing in.
  const here = useRef('');
  here.current = location.pathname + location.search;
  useEffect(
    () =>
      root.sessionBehaviour.attachNavigator(
        (path) => navigate(path, { replace: true }),
        () => here.current,
      ),
    [root, navigate],
  );
  return null;
}
