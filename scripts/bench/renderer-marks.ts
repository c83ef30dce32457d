/**
 * The moments of a sign-in as the page itself lives them, recorded inside the page: Playwright's
 * waits poll with a back-off (checks 0, 20, 70, 170, 270, 770… ms after they start), so a screen
 * that shows at 300 ms is only seen at 770 ms, and the measure says more about the poll than the
 * app. Each mark is the frame the thing was painted in: found by a MutationObserver as the DOM
 * changes, then a task posted from the next animation frame runs after that frame's paint.
 * Times are page clock (performance.now(), 0 at the navigation's start).
 */
export interface SignInMarks {
  /** The e-mail field painted (the sign-in screen ready to type in), from the navigation's start. */
  emailField?: number;
  /** The browser's time stamp of the click on Sign In (when the press reached the page). */
  click?: number;
  /** The dashboard's heading painted. */
  heading?: number;
  /** Every figure of the admin's dashboard painted (six [data-stat-value] cards). */
  figures?: number;
}

/**
 * Runs in the page before its own scripts (context.addInitScript); the marks are read from
 * `window.__signInMarks`. `heading`: the dashboard heading's text (no heading mark without it).
 */
export function signInMarksScript({ heading }: { heading?: string } = {}): string {
  return `(() => {
    const marks = (window.__signInMarks = {});
    const afterPaint = (name) => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks[name] ??= performance.now(); };
      channel.port2.postMessage(null);
    });
    const seen = new Set();
    const once = (name, found) => { if (!seen.has(name) && found()) { seen.add(name); afterPaint(name); } };
    const look = () => {
      once('emailField', () => document.querySelector('input[type=email]'));
      ${heading === undefined ? '' : `once('heading', () => [...document.querySelectorAll('h1')].some((h) => h.textContent === ${JSON.stringify(heading)}));`}
      once('figures', () => document.querySelectorAll('[data-stat-value]').length >= 6);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('button[type=submit]')) marks.click ??= event.timeStamp;
    }, { capture: true });
  })();`;
}
