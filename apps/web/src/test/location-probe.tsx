import { useLayoutEffect } from 'react';
import { type Location, useLocation } from 'react-router';

/** For tests that check where a page led: render `<Probe />` inside the router, then read `location()`. */
export function locationProbe() {
  let shown: Location | undefined;
  function Probe() {
    const location = useLocation();
    useLayoutEffect(() => {
      shown = location;
    }, [location]);
    return null;
  }
  function location(): Location {
    if (!shown) throw new Error('the router has not rendered yet');
    return shown;
  }
  return { Probe, location };
}
