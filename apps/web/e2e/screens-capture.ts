import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Pictures of every screen (issue 26). The screens specs visit every page and every modal reachable from
 * the seeded demo at both sizes; they fail on a console error, an uncaught page error, or a page wider
 * than the window at 320, 390 or 1280 px (issue 33). With SCREENS_DIR
 * set (`npm run screens` sets it) each state is also saved as `<SCREENS_DIR>/<portal>/<name>-<width>.png`.
 */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
export type Size = (typeof SIZES)[number];

/**
 * No page is wider than its window (issue 33): every screen is also laid out at these widths, and a
 * document wider than the viewport at any of them fails the run, named by its screen and width.
 */
export const WIDTH_CHECKS = [{ width: 320, height: 640 }, ...SIZES] as const;

/** A long page is cut at this height so the set stays small; the top is what a first look sees. */
const MAX_HEIGHT = 3200;

export const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

export type Portal = 'public' | 'consumer' | 'research' | 'research-public';

/** Collects console errors and uncaught errors of a page, each tagged with the screen being shown. */
export class ScreenRecorder {
  readonly errors: string[] = [];
  private current = 'start';
  readonly shots: string[] = [];

  constructor(
    readonly page: Page,
    readonly portal: Portal,
  ) {
    page.on('console', (message) => {
      // A guest's session check answers 401 by design; the browser logs that as a failed resource.
      const expected401 =
        message.text().includes('status of 401') && message.location().url.endsWith('/api/auth/refresh');
      if (message.type() === 'error' && !expected401)
        this.errors.push(`${this.current}: console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`${this.current}: page error: ${error.message}`));
  }

  /** Goes to a page and shows it at both sizes; `heading` is what proves the page rendered. */
  async visit(name: string, url: string, heading?: string | RegExp): Promise<void> {
    this.current = name;
    await this.page.setViewportSize(SIZES[1]);
    await this.page.goto(url);
    await this.settled(heading);
    await this.capture(name, { fullPage: true });
  }

  /**
   * Opens a modal on the page shown (`open` clicks whatever opens it) and shows it at both sizes, then
   * closes it with Escape unless `keepOpen`.
   */
  async modal(
    name: string,
    open: (page: Page) => Promise<void>,
    { sizes = SIZES, keepOpen = false }: { sizes?: readonly Size[]; keepOpen?: boolean } = {},
  ): Promise<Locator> {
    this.current = name;
    const first = sizes[0];
    if (first) await this.page.setViewportSize(first);
    await open(this.page);
    const dialog = this.page.getByRole('dialog').last();
    await expect(dialog, `${name}: a dialog opens`).toBeVisible();
    await this.waitForLoading();
    await this.capture(name, { fullPage: false, sizes });
    if (!keepOpen) {
      await this.page.keyboard.press('Escape');
      await expect(this.page.getByRole('dialog')).toHaveCount(0);
    }
    return dialog;
  }

  /** The page's main heading is shown and nothing says Loading any more. */
  async settled(heading?: string | RegExp): Promise<void> {
    const h1 = heading
      ? this.page.getByRole('heading', { level: 1, name: heading })
      : this.page.getByRole('heading', { level: 1 });
    await expect(h1.first(), `${this.current}: the page's heading`).toBeVisible();
    await this.waitForLoading();
  }

  private async waitForLoading(): Promise<void> {
    await expect(this.page.locator('p.loading'), `${this.current}: still loading`).toHaveCount(0);
  }

  /** Each size in turn; a picture only when SCREENS_DIR is set. */
  private async capture(
    name: string,
    { fullPage, sizes = SIZES }: { fullPage: boolean; sizes?: readonly Size[] },
  ): Promise<void> {
    const dir = process.env.SCREENS_DIR;
    for (const size of WIDTH_CHECKS) {
      await this.page.setViewportSize(size);
      await this.expectNoSidewaysScroll(size.width);
    }
    for (const size of sizes) {
      await this.page.setViewportSize(size);
      if (!dir) {
        // The smoke test: a layout pass at this size, so a render error shows up here.
        await this.page.evaluate(() => document.body.getBoundingClientRect().height);
        continue;
      }
      await this.page.evaluate(() => document.fonts.ready.then(() => undefined));
      const file = path.join(dir, this.portal, `${name}-${size.width}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const height = fullPage
        ? await this.page.evaluate(() => document.documentElement.scrollHeight)
        : size.height;
      await this.page.screenshot({
        path: file,
        scale: 'css',
        animations: 'disabled',
        caret: 'hide',
        fullPage,
        clip: { x: 0, y: 0, width: size.width, height: Math.min(Math.max(height, size.height), MAX_HEIGHT) },
      });
      this.shots.push(file);
    }
  }

  /**
   * Notes a document wider than the viewport (it scrolls sideways on a phone), with the widest elements
   * that stick out, so the run fails naming them. A wide table scrolls inside its own region instead.
   */
  private async expectNoSidewaysScroll(width: number): Promise<void> {
    const overflow = await this.page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= viewport) return null;
      // The elements that reach furthest right: what makes the document that wide.
      // An element's box, or the content overflowing it (a long word, a nowrap line) when that is wider.
      const right = (element: Element) => {
        const box = element.getBoundingClientRect();
        const ownScroll = getComputedStyle(element).overflowX !== 'visible';
        return (ownScroll ? box.right : Math.max(box.right, box.left + element.scrollWidth)) + window.scrollX;
      };
      // Not what scrolls inside a box of its own (a wide table's region); a positioned element may escape
      // its box (when the box is not its containing block), so it is always listed.
      const scrollsInside = (element: HTMLElement) => {
        if (['absolute', 'fixed'].includes(getComputedStyle(element).position)) return false;
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible') return true;
        return false;
      };
      const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => right(element) > viewport + 0.5 && !scrollsInside(element))
        .sort((a, b) => right(b) - right(a))
        // The innermost: an element whose overflow comes from a child is named by the child.
        .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
        .slice(0, 5)
        .map((element) => {
          const classes =
            typeof element.className === 'string' && element.className
              ? `.${element.className.trim().split(/\s+/).join('.')}`
              : '';
          return `${element.tagName.toLowerCase()}${classes} (right edge ${Math.round(right(element))})`;
        });
      return { scrollWidth, viewport, culprits };
    });
    if (overflow)
      this.errors.push(
        `${this.current}: at ${width} px the document is ${overflow.scrollWidth} px wide (viewport ${overflow.viewport}): ${overflow.culprits.join(', ')}`,
      );
  }

  /** Fails with every error seen, each named by its screen. */
  expectClean(): void {
    expect(this.errors, 'console or page errors while showing the screens').toEqual([]);
  }
}

/** The access token of a person, for API calls made on their behalf. */
export async function accessToken(
  request: APIRequestContext,
  user: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: user });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Signs in through the form on /login. */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.setViewportSize(SIZES[1]);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The path of the first link on the page whose address starts with `prefix`. */
export async function firstLinkTo(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link, `a link to ${prefix}`).toBeAttached();
  return (await link.getAttribute('href')) as string;
}
