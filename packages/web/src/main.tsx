import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { i18nReady } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

await i18nReady;

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
