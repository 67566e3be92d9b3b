/**
 * The entry point, kept tiny on purpose. Prerendered public pages (scripts/prerender.ts marks
 * #root with the path it rendered) are complete HTML: they work without JavaScript thanks to
 * the few DOM handlers of app/enhance.ts, and the React app (React, the router, Chakra) loads
 * and hydrates them on the first sign of interaction (pointer, touch, key or focus), so a phone
 * spends no CPU on hydration while the page loads. Every other path gets the empty app.html
 * shell (hosting's SPA rewrite) and the app renders at once.
 */
import { enhanceStaticPage, onFirstInteraction } from './app/enhance';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

const loadApp = () => import('./app/start');

if (root.dataset.prerendered === window.location.pathname) {
  enhanceStaticPage(() => document.documentElement.dataset.hydrated === 'true');
  onFirstInteraction(() => {
    void loadApp().then(({ startApp }) => startApp(root, true));
  });
} else {
  void loadApp().then(({ startApp }) => startApp(root, false));
}
