/**
 * Texts the web app needs that the specs do not give. They belong with the other messages in
 * packages/domain once that package takes them; until then they live here, in one place.
 */
export const CLIENT_MESSAGES = {
  network: 'We could not reach the server. Please check your connection and try again.',
  unexpected: 'Something went wrong. Please try again. If the problem persists, please contact support.',
  configFailed: 'The portal could not be loaded. Please try again in a moment.',
  unsupportedBrowser:
    'Your browser is not supported. Please upgrade to a recent version of Chrome, Firefox, Edge, Safari or Opera.',
  loading: 'Loading…',
} as const;
