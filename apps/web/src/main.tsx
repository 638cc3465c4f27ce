import '@mantine/core/styles.css';
import './app/global.css';
import { isBuyerPath, isPublicAuthPath, isScanPath } from './lib/public-paths';

/**
 * The buyer's app and the door scanner are imported apart from the expression below: imports in one
 * conditional expression are merged by the build into one preload, which would fetch the back office's
 * chunks on the buyer's pages and the scanner. The two share this function: neither preloads anything.
 */
function loadPhoneApp(scan: boolean) {
  return scan ? import('./app/scan/scan-app') : import('./app/buyer/buyer-app');
}

/**
 * The entry only chooses what to start: the buyer's pages, the door scanner and the sign-in pages get light
 * apps (no router, no query cache), everything else the back office. The language loads alongside.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // A page the server drew (src/app/prerender.tsx) is shown first: the app's code starts after the next
  // frame. Its chunks are all here quickly on a fast link, and running them before the browser's first paint
  // would hold back the page that is already in the HTML.
  if (container.firstElementChild) await new Promise((next) => requestAnimationFrame(() => setTimeout(next)));
  const path = window.location.pathname;
  const buyer = isBuyerPath(path);
  const scan = isScanPath(path);
  // The light apps start with the core strings; the buyer app and the scanner add their own.
  const light = buyer || scan || isPublicAuthPath(path);
  const [app] = await Promise.all([
    buyer || scan
      ? loadPhoneApp(scan)
      : light
        ? import('./app/public/public-app')
        : import('./app/back-office'),
    import('./lib/i18n').then((i18n) => i18n.initI18n(light ? ['core'] : ['core', 'backOffice'])),
  ]);
  app.start(container);
}

void start();
