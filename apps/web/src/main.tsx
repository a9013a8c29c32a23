import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { App } from './app/app';

const root = createRoot(document.getElementById('root') as HTMLElement);

initI18n().then(
  () => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  () => {
    // Without translations there is nothing to say in the member's language: say it in all three.
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.textContent =
      'The portal could not start. Please reload the page. / No se pudo iniciar el portal. Vuelva a cargar la página. / Não foi possível iniciar o portal. Recarregue a página.';
    document.getElementById('root')?.replaceChildren(message);
  },
);
