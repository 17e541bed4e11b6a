/*
 * The scale an index without a reference percentile (GMWI2) is drawn on, on the page and in the PDF alike:
 * a band from -SIGN_REACH through zero (its middle) to +SIGN_REACH. A leaf module, so the web imports it alone.
 */

/** How far from zero an index's band reaches each way; scores beyond it sit at the band's end. */
export const SIGN_REACH = 4;

/** Where an index's score sits on a band from -SIGN_REACH (0) through zero (50) to +SIGN_REACH (100). */
export function signPosition(value: number): number {
  const clamped = Math.min(SIGN_REACH, Math.max(-SIGN_REACH, value));
  return 50 + (clamped / SIGN_REACH) * 50;
}
