import { SERVER_RENDERED_ATTRIBUTE, SIGNED_IN_DRAWN_PAGE } from '@portal/domain';
import './styles/index.css';

/**
 * Resolves once the browser has painted: the frame's callback runs just before a paint, a task queued
 * from it just after. A tab in the background paints nothing, so the wait ends after 100 ms regardless.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

// A page the server drew (the sign-in page, a report: decisions 014 and 073) is painted before the app's
// code is evaluated: evaluating it takes the main thread for a long moment on a slow phone, and the
// browser runs it as soon as the page is read if the code has already arrived, before painting what it
// read. The code is fetched meanwhile (index.html preloads it); a page the browser draws starts at once.
// Once painted, the code is evaluated in parts, one task each, with the browser free to answer a tap or
// a scroll between them: React and the router first, then for a report the schemas its reads need,
// then the app itself (decision 075: it was one task of 250–425 ms on a phone's CPU).
const drawn = document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ?? false;
/**
 * A new task: a message to itself, as React's scheduler yields. A timer would do too, but a tab in the
 * background runs its timers at most once a second, and the app would start seconds late there.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
async function start() {
  if (drawn) {
    await afterNextPaint();
    await import('react-dom/client');
    await nextTask();
    // The signed-in pages' reads and their schemas (the schemas' library and the person's), which the
    // report's reads need first; not on the sign-in page, whose first load leaves them out (decision 034).
    if (SIGNED_IN_DRAWN_PAGE.test(window.location.pathname)) {
      await import('./lib/current-user.ts');
      await nextTask();
    }
  }
  await import('./start.tsx');
}
void start();
