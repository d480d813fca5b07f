import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Brings an element back to the top of the screen when `open` turns false while its top is above
 * the screen: a card's inline form saved or cancelled from its bottom leaves the screen where the
 * form's end was, far below the card (on a phone, past the rows a virtual list draws).
 */
export function useBackInView(ref: RefObject<HTMLElement | null>, open: boolean): void {
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    const node = ref.current;
    if (closed && node && node.getBoundingClientRect().top < 0) node.scrollIntoView({ block: 'start' });
  }, [open, ref]);
}
