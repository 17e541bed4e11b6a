import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { LoadingScreen } from './app.tsx';

describe('the loading screen', () => {
  it('is drawn by index.html exactly as the app renders it, so nothing moves when the app takes over', () => {
    const root = indexHtml.match(/<div id="root">(.*)<\/div>\s*<script/s)?.[1];
    expect(root).toBe(renderToStaticMarkup(<LoadingScreen />));
  });
});
