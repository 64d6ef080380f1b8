import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded component from the first time `when` holds, and keeps it mounted after
 * (its closing animation plays; a second opening needs no load). Until then nothing is fetched:
 * dialogs stay off the sign-in page's download (issue 15).
 */
export function OnceShown({
  when,
  component: Component,
}: {
  when: boolean;
  component: LazyExoticComponent<ComponentType>;
}) {
  const [shown, setShown] = useState(when);
  if (when && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  );
}
