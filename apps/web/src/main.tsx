import '@mantine/core/styles.css';
import './app/global.css';
import { isPublicAuthPath } from './lib/public-paths';

/**
 * The entry only chooses what to start: the sign-in pages get a light app (no router, no query cache),
 * everything else the back office. The language loads alongside.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const signInPage = isPublicAuthPath(window.location.pathname);
  const [app] = await Promise.all([
    signInPage ? import('./app/public/public-app') : import('./app/back-office'),
    import('./lib/i18n').then((i18n) => i18n.initI18n(signInPage ? ['core'] : ['core', 'backOffice'])),
  ]);
  app.start(container);
}

void start();
