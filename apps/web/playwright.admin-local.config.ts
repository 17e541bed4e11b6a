// Local only (not committed): the base config with a longer server start on a loaded machine, no research server.
import base from './playwright.config.ts';

const [consumer] = Array.isArray(base.webServer) ? base.webServer : [];
export default { ...base, webServer: consumer ? [{ ...consumer, timeout: 480_000 }] : [] };
