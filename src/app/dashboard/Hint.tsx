import { Portal, Tooltip } from '@chakra-ui/react';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { TOOLTIP_DELAY_MS } from '../../domain/constants';

/** What Hint adds to its control; the control's own handlers of these still run. */
interface HintTarget {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

/**
 * A tooltip on one control, opening after SPEC §9's 5 ms when pointed at or focused, closing when
 * left, blurred or pressed (and on Escape or a scroll, as Chakra's tooltip closes itself). The
 * tooltip exists only while open (issue 30 §3): a page of twenty rows holds ~60 of these, and a
 * tooltip machine for each was about a third of the time from a search's answer to its rows
 * (bench/chromium/rows-paint.bench.ts).
 */
export function Hint({ label, children }: { label: string; children: ReactElement<HintTarget> }) {
  const id = `hint-${useId()}`;
  const anchor = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [open, setOpen] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = (control: HTMLElement) => {
    anchor.current = control;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };
  const own = children.props;
  /** The control's own handler of an event, then Hint's. */
  const also =
    <E extends { currentTarget: HTMLElement }>(
      ownHandler: ((event: E) => void) | undefined,
      then: (control: HTMLElement) => void,
    ) =>
    (event: E) => {
      ownHandler?.(event);
      then(event.currentTarget);
    };
  const control = cloneElement(children, {
    onPointerEnter: also(own.onPointerEnter, show),
    onPointerLeave: also(own.onPointerLeave, hide),
    onPointerDown: also(own.onPointerDown, hide),
    onFocus: also(own.onFocus, show),
    onBlur: also(own.onBlur, hide),
    'aria-describedby': open ? id : own['aria-describedby'],
  });
  return (
    <>
      {control}
      {open && (
        <Tooltip.Root
          open
          onOpenChange={(details) => {
            if (!details.open) hide();
          }}
          ids={{ content: id }}
          positioning={{
            placement: 'top',
            getAnchorRect: () => anchor.current?.getBoundingClientRect() ?? null,
          }}
        >
          <Portal>
            <Tooltip.Positioner>
              <Tooltip.Content>{label}</Tooltip.Content>
            </Tooltip.Positioner>
          </Portal>
        </Tooltip.Root>
      )}
    </>
  );
}
