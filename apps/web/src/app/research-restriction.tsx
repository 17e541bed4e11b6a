import { lazyPage } from '../lib/lazy-load.tsx';

/**
 * The research portal's profile gate (research-profile-gate.tsx), in a chunk of its own: it wraps only
 * signed-in pages, and preloadRoute fetches it with them, so /login's first load goes without it and the
 * domain rules it applies (120 KB budget, decision 034).
 */
export const ResearchProfileGate = lazyPage(
  () => import('./research-profile-gate.tsx'),
  (m) => m.ResearchProfileGate,
);
