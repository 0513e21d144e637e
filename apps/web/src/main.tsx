import { installFieldIssueMessages } from '@promovente/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';

// Form errors a schema does not word itself name the field in French, as the API's do.
installFieldIssueMessages();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
