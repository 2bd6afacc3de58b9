// The couple's phone in a big gallery (issue 30): "`npm run bench` reports, for that gallery on the
// mobile profile: time to first thumbnails, time to a set's first photo after its tab, heart
// latency, long tasks while scrolling". Part of the gallery page's bench (bench-gallery-page.ts),
// on its 3,600-photo gallery (sets of 300, 3,000 and 300), as a person choosing, in Chromium at a
// phone's size with touch and the CPU slowed as Lighthouse's mobile profile slows it. Figures
// only, never goals enforced: the behaviour itself is in tests/e2e/gallery-client.spec.ts.
//
// The selectors are what every version of the page has had (a set's section #set-N, its photos
// li.cg-item, its "More photos" link .cg-more), so the same script measures the code before a
// change and after it.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { hydrated, VIEWPORTS } from "#fixtures/browser-page.ts";
import { median, ms } from "./figures.ts";

/** Lighthouse's mobile CPU setting: a mid-range phone. */
export const PHONE_CPU_SLOWDOWN = 4;
/** A task this long is a long task (the browser's own threshold). */
export const LONG_TASK_MS = 50;
/** Loads of the page timed for its first thumbnails; the median is reported. */
const FIRST_SCREEN_LOADS = 3;
/** Thumbnails that count as "the first": a phone's first row or two. */
const FIRST_THUMBNAILS = 4;
/** Hearts timed, each on its own photo. */
const HEARTS = 5;
/** How long after a tab the set's first photo is watched for moving (the sets above filling in). */
const TAB_WATCH_MS = 2_000;
/** The scroll: a thumb's flick of this many CSS px, then a pause (about 4,700 px a second). */
const SCROLL_STEP_PX = 700;
const SCROLL_PAUSE_MS = 150;
/** The scroll stops here even if the set has not all loaded (a busy machine, a broken page). */
const SCROLL_LIMIT_MS = 240_000;
/** Anything in the page that waits on the page gives up after this long. */
const WAIT_LIMIT_MS = 60_000;

export interface PhoneSet {
  id: number;
  title: string;
  photos: number;
}

/** Set up in the page before its scripts: every long task, with when it started. */
function observeLongTasks(): void {
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

async function phoneContext(browser: Browser, baseUrl: string, galleryPath: string, cookie: string) {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const pairs = cookie.split("; ").map((pair) => pair.split("=") as [string, string]);
  await context.addCookies(pairs.map(([name, value]) => ({ name, value, url: `${baseUrl}${galleryPath}` })));
  await context.addInitScript(observeLongTasks);
  return context;
}

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE_CPU_SLOWDOWN });
  // A script error would leave a page that looks fine and loads nothing more: say it.
  page.on("pageerror", (error) => console.log(`  page error: ${error.message.split("\n")[0]}`));
  return page;
}

/** Milliseconds from the navigation's start until the first thumbnails on the screen have loaded. */
async function firstThumbnailsMs(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  return page.evaluate(
    ({ count, limit }) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const look = () => {
          const shown = [...document.querySelectorAll<HTMLImageElement>(".cg-item img")].slice(0, count);
          if (shown.length === count && shown.every((img) => img.complete && img.naturalWidth > 0)) {
            resolve(performance.now());
          } else if (performance.now() - started > limit) reject(new Error("no thumbnails"));
          else requestAnimationFrame(look);
        };
        look();
      }),
    { count: FIRST_THUMBNAILS, limit: WAIT_LIMIT_MS },
  );
}

/** A set's tab tapped: until its first photo is drawn, and how far that photo moved in the next moments. */
async function tabFigures(page: Page, set: PhoneSet) {
  return page.evaluate(
    ({ id, watchMs, limit }) =>
      new Promise<{ ms: number | null; moved: number }>((resolve, reject) => {
        const first = () =>
          document.querySelector<HTMLImageElement>(`#set-${id} .cg-grid > li.cg-item:first-child img`);
        const tab = document.querySelector<HTMLAnchorElement>(`.cg-tabs a[href$="#set-${id}"]`);
        if (!tab) return reject(new Error(`no tab for set ${id}`));
        const started = performance.now();
        tab.click();
        const look = () => {
          const img = first();
          if (img?.complete && img.naturalWidth > 0) {
            const shownAt = performance.now();
            const top = img.getBoundingClientRect().top;
            let moved = 0;
            const watch = () => {
              moved = Math.max(moved, Math.abs((first()?.getBoundingClientRect().top ?? top) - top));
              if (performance.now() - shownAt < watchMs) requestAnimationFrame(watch);
              else resolve({ ms: shownAt - started, moved: Math.round(moved) });
            };
            watch();
          } else if (performance.now() - started > limit) resolve({ ms: null, moved: 0 });
          else requestAnimationFrame(look);
        };
        look();
      }),
    { id: set.id, watchMs: TAB_WATCH_MS, limit: WAIT_LIMIT_MS },
  );
}

/** Hearts on the photos on the screen: until each shows pressed, and until the studio's answer is in. */
async function heartFigures(page: Page) {
  return page.evaluate(
    ({ hearts, limit }) =>
      new Promise<{ pressed: number[]; answered: number[] }>((resolve, reject) => {
        const onScreen = [...document.querySelectorAll<HTMLButtonElement>(".cg-grid .cg-heart")].filter((b) => {
          const box = b.getBoundingClientRect();
          return box.top > 0 && box.bottom < window.innerHeight && b.getAttribute("aria-pressed") !== "true";
        });
        const pressed: number[] = [];
        const answered: number[] = [];
        const next = (i: number) => {
          const button = onScreen[i];
          if (!button || i >= hearts) return resolve({ pressed, answered });
          const answers = () =>
            performance
              .getEntriesByType("resource")
              .filter((e) => e.name.endsWith("/photos") && (e as PerformanceResourceTiming).initiatorType === "fetch");
          const before = answers().length;
          const started = performance.now();
          button.click();
          let shown = 0;
          const look = () => {
            if (!shown && button.getAttribute("aria-pressed") === "true") shown = performance.now() - started;
            const answer = answers()[before] as PerformanceResourceTiming | undefined;
            if (shown && answer) {
              pressed.push(shown);
              answered.push(answer.responseEnd - started);
              setTimeout(() => next(i + 1), 300);
            } else if (performance.now() - started > limit) reject(new Error("a heart was never answered"));
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        };
        next(0);
      }),
    { hearts: HEARTS, limit: WAIT_LIMIT_MS },
  );
}

interface ScrollState {
  /** The set's photos in the page. */
  items: number;
  /** The screen shows no photo where one will be: empty boxes, or the set's "More photos" link. */
  waiting: boolean;
  atEnd: boolean;
}

/** Flicks through a set from its tab to its end, the CPU slowed; long tasks, waits, photos in. */
async function scrollFigures(page: Page, set: PhoneSet) {
  await page.locator(`.cg-tabs a[href$="#set-${set.id}"]`).click();
  const from = await page.evaluate(() => performance.now());
  const read = () =>
    page.evaluate((id): ScrollState => {
      const section = document.querySelector(`#set-${id}`);
      const onScreen = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      };
      const empty = [...(section?.querySelectorAll(".cg-slot") ?? [])].some(onScreen);
      const more = section?.querySelector(".cg-more:last-child a");
      return {
        items: section?.querySelectorAll(".cg-item").length ?? 0,
        waiting: empty || (more !== null && more !== undefined && onScreen(more)),
        atEnd: (section?.getBoundingClientRect().bottom ?? 0) <= window.innerHeight,
      };
    }, set.id);
  const requests: number[] = [];
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname.endsWith("/photos") && request.method() === "GET") requests.push(1);
  });
  const started = performance.now();
  let state = await read();
  let waits = 0;
  let waitedMs = 0;
  let waiting = false;
  while (performance.now() - started < SCROLL_LIMIT_MS) {
    await page.mouse.wheel(0, SCROLL_STEP_PX);
    await page.waitForTimeout(SCROLL_PAUSE_MS);
    state = await read();
    if (state.waiting) {
      if (!waiting) waits++;
      waitedMs += SCROLL_PAUSE_MS;
    }
    waiting = state.waiting;
    if (state.atEnd && !state.waiting) break;
  }
  const scrollMs = performance.now() - started;
  // The page goes on filling in what was flicked past: give it a moment, then count.
  await page.waitForTimeout(2_000);
  state = await read();
  const tasks = await page.evaluate(
    ({ since, threshold }) => {
      const all = (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks;
      const during = all.filter((t) => t.start >= since).map((t) => t.duration);
      return { during, blocking: during.reduce((sum, d) => sum + Math.max(0, d - threshold), 0) };
    },
    { since: from, threshold: LONG_TASK_MS },
  );
  return { scrollMs, state, waits, waitedMs, requests: requests.length, tasks };
}

/** Every figure of the phone journey, printed; returns the scripts the scroll's page loaded. */
export async function phoneFigures(
  browser: Browser,
  baseUrl: string,
  galleryPath: string,
  cookie: string,
  sets: PhoneSet[],
): Promise<{ scripts: string[] }> {
  const url = `${baseUrl}${galleryPath}`;
  const total = sets.reduce((sum, s) => sum + s.photos, 0);
  console.log(
    `The couple's phone in a ${total.toLocaleString("en")}-photo gallery (${sets.map((s) => s.photos.toLocaleString("en")).join(" / ")}), ` +
      `as the person choosing: ${VIEWPORTS.phone.width} × ${VIEWPORTS.phone.height}, 2x, touch, CPU slowed ${PHONE_CPU_SLOWDOWN}×`,
  );
  const context = await phoneContext(browser, baseUrl, galleryPath, cookie);
  try {
    const firsts: number[] = [];
    for (let run = 0; run < FIRST_SCREEN_LOADS; run++) {
      const page = await slowPage(context);
      firsts.push(await firstThumbnailsMs(page, url));
      await page.close();
    }
    console.log(
      `  first ${FIRST_THUMBNAILS} thumbnails loaded, from the navigation's start: median ${ms(median(firsts))} (${firsts.map(ms).join(", ")})`,
    );

    let page = await slowPage(context);
    await page.goto(url);
    await hydrated(page);
    for (const set of sets.slice(1)) {
      const tab = await tabFigures(page, set);
      console.log(
        tab.ms === null
          ? `  "${set.title}" tab → its first photo NOT drawn within ${ms(WAIT_LIMIT_MS)}`
          : `  "${set.title}" tab → its first photo drawn: ${ms(tab.ms)}; it then moved ${tab.moved} px in ${ms(TAB_WATCH_MS)} (the sets above filling in)`,
      );
    }
    const hearts = await heartFigures(page);
    console.log(
      `  hearts (${hearts.pressed.length}, on photos on the screen): shown pressed after median ${ms(median(hearts.pressed))} ` +
        `(${hearts.pressed.map(ms).join(", ")}); the studio's answer in after median ${ms(median(hearts.answered))}`,
    );
    await page.close();

    page = await slowPage(context);
    await page.goto(url);
    await hydrated(page);
    const big = [...sets].sort((a, b) => b.photos - a.photos)[0] as PhoneSet;
    const scroll = await scrollFigures(page, big);
    console.log(
      `  scrolling "${big.title}" from its tab to its end (flicks of ${SCROLL_STEP_PX} px every ${SCROLL_PAUSE_MS} ms): ` +
        `${ms(scroll.scrollMs)}, ${scroll.state.atEnd ? "reached its end" : "did NOT reach its end"}; ` +
        `${scroll.state.items.toLocaleString("en")} of ${big.photos.toLocaleString("en")} photos in the page 2 s after (${scroll.requests} page requests)`,
    );
    console.log(
      `  the screen showed no photo where one would be (empty boxes or a More photos link): ${scroll.waits} times, ${ms(scroll.waitedMs)} in all`,
    );
    const longest = scroll.tasks.during.length > 0 ? ms(Math.max(...scroll.tasks.during)) : "none";
    console.log(
      `  long tasks (over ${LONG_TASK_MS} ms) while scrolling: ${scroll.tasks.during.length}, longest ${longest}, ${ms(scroll.tasks.blocking)} blocking in all`,
    );
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .map((r) => new URL(r.name).pathname)
        .filter((p) => p.endsWith(".js")),
    );
    return { scripts };
  } finally {
    await context.close();
  }
}
