import { SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';
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
const drawn = document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ?? false;
void (drawn ? afterNextPaint() : Promise.resolve()).then(() => import('./start.tsx'));
